// The root of an element's set in a union-find forest kept as a parent array (`parent[k] == k`
// at a root): the body's steps that group vertices (weights welded over short edges, the fans
// round a pinched vertex) join sets with `parent[rootOf(parent, a)] = rootOf(parent, b)`.
#pragma once

#include <vector>

namespace bvh {

// `k`'s root, halving the path to it on the way (each visited element then points at its
// grandparent), so that later queries are short.
template <typename Index>
Index unionFindRoot(std::vector<Index>& parent, Index k) {
    while (parent[k] != k) {
        parent[k] = parent[parent[k]];
        k = parent[k];
    }
    return k;
}

} // namespace bvh
