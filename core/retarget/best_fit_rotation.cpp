#include "core/retarget/best_fit_rotation.h"

#include <array>
#include <cmath>
#include <glm/geometric.hpp>

namespace bvh::retarget_detail {
namespace {

using Matrix4 = std::array<std::array<double, 4>, 4>;

// Horn's symmetric matrix: its eigenvector of the largest eigenvalue is the rotation (w,x,y,z).
Matrix4 hornMatrix(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to) {
    std::array<std::array<double, 3>, 3> s{};
    for (std::size_t i = 0; i < from.size() && i < to.size(); ++i) {
        if (glm::length(from[i]) <= 0.0 || glm::length(to[i]) <= 0.0) {
            continue;
        }
        const glm::dvec3 a = glm::normalize(from[i]);
        const glm::dvec3 b = glm::normalize(to[i]);
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 3; ++c) {
                s[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] += a[r] * b[c];
            }
        }
    }
    const auto& [x, y, z] = s;
    return {{{x[0] + y[1] + z[2], y[2] - z[1], z[0] - x[2], x[1] - y[0]},
             {y[2] - z[1], x[0] - y[1] - z[2], x[1] + y[0], z[0] + x[2]},
             {z[0] - x[2], x[1] + y[0], -x[0] + y[1] - z[2], y[2] + z[1]},
             {x[1] - y[0], z[0] + x[2], y[2] + z[1], -x[0] - y[1] + z[2]}}};
}

// Cyclic Jacobi rotations: `m` becomes diagonal (its eigenvalues), `v` holds the eigenvectors
// as columns. A 4x4 converges to double precision in well under 20 sweeps.
void jacobiEigen(Matrix4& m, Matrix4& v) {
    for (std::size_t i = 0; i < 4; ++i) {
        v[i].fill(0.0);
        v[i][i] = 1.0;
    }
    for (int sweep = 0; sweep < 50; ++sweep) {
        double off = 0.0;
        for (std::size_t p = 0; p < 4; ++p) {
            for (std::size_t q = p + 1; q < 4; ++q) {
                off += m[p][q] * m[p][q];
            }
        }
        if (off < 1e-30) {
            return;
        }
        for (std::size_t p = 0; p < 4; ++p) {
            for (std::size_t q = p + 1; q < 4; ++q) {
                if (std::abs(m[p][q]) < 1e-300) {
                    continue;
                }
                const double theta = (m[q][q] - m[p][p]) / (2.0 * m[p][q]);
                const double t = (theta >= 0.0 ? 1.0 : -1.0) /
                                 (std::abs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0);
                const double sn = t * c;
                for (std::size_t k = 0; k < 4; ++k) { // columns p and q
                    const double mkp = m[k][p];
                    const double mkq = m[k][q];
                    m[k][p] = c * mkp - sn * mkq;
                    m[k][q] = sn * mkp + c * mkq;
                }
                for (std::size_t k = 0; k < 4; ++k) { // rows p and q
                    const double mpk = m[p][k];
                    const double mqk = m[q][k];
                    m[p][k] = c * mpk - sn * mqk;
                    m[q][k] = sn * mpk + c * mqk;
                }
                for (std::size_t k = 0; k < 4; ++k) {
                    const double vkp = v[k][p];
                    const double vkq = v[k][q];
                    v[k][p] = c * vkp - sn * vkq;
                    v[k][q] = sn * vkp + c * vkq;
                }
            }
        }
    }
}

} // namespace

glm::dquat bestFitRotation(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to) {
    Matrix4 m = hornMatrix(from, to);
    Matrix4 v{};
    jacobiEigen(m, v);
    std::size_t best = 0;
    for (std::size_t i = 1; i < 4; ++i) {
        if (m[i][i] > m[best][best]) {
            best = i;
        }
    }
    return glm::normalize(glm::dquat(v[0][best], v[1][best], v[2][best], v[3][best]));
}

} // namespace bvh::retarget_detail
