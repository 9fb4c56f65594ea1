#include "app/viewer/layout/dock_layout.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <span>

namespace bvhscope::viewer {

namespace {

// A kept fraction, or the default when it is 0 or nonsense (a hand-edited settings.ini).
float keptFraction(float kept, float fallback, float low, float high) {
    if (!std::isfinite(kept) || kept <= 0.0f) {
        return fallback;
    }
    return std::clamp(kept, low, high);
}

// Splits [y, y + height) at the given fractions into whole-pixel pieces that meet exactly.
void splitColumn(float x, float width, float height, std::initializer_list<float> fractions,
                 std::initializer_list<LayoutRect*> pieces) {
    float top = 0.0f;
    float cumulative = 0.0f;
    auto fraction = fractions.begin();
    for (LayoutRect* piece : pieces) {
        cumulative += *fraction++;
        const float bottom = std::round(height * std::min(cumulative, 1.0f));
        *piece = LayoutRect{x, top, width, bottom - top};
        top = bottom;
    }
}

struct Weighted {
    bool shown;
    float weight;
    LayoutRect* rect;
};

// The shown analysis panels side by side in `area`, by weight; false when none is shown.
bool splitByWeight(std::span<const Weighted> panels, const LayoutRect& area) {
    float totalWeight = 0.0f;
    for (const Weighted& panel : panels) {
        totalWeight += panel.shown ? panel.weight : 0.0f;
    }
    if (totalWeight <= 0.0f) {
        return false;
    }
    float weightSoFar = 0.0f;
    float x = area.x;
    for (const Weighted& panel : panels) {
        if (!panel.shown) {
            continue;
        }
        weightSoFar += panel.weight;
        const float end = std::round(area.x + area.width * weightSoFar / totalWeight);
        *panel.rect = LayoutRect{x, area.y, end - x, area.height};
        x = end;
    }
    return true;
}

LayoutRect* drawerPanel(DockLayout& layout, CompactDrawer drawer) {
    switch (drawer) {
    case CompactDrawer::Files:
        return &layout.files;
    case CompactDrawer::Joints:
        return &layout.joints;
    case CompactDrawer::Info:
        return &layout.info;
    case CompactDrawer::Selection:
        return &layout.selection;
    case CompactDrawer::Settings:
        return &layout.settings;
    case CompactDrawer::None:
        break;
    }
    return nullptr;
}

// The phone's layout (dock_layout.h): the timeline and the tabs along the bottom; the drawer,
// when a tab or an analysis panel asks for one, under the view in portrait and beside it in
// landscape, never taking more than what leaves the view its least share.
DockLayout computeCompactLayout(const DockRequest& request, float width, float height, float scale,
                                float timelineHeight) {
    DockLayout layout;
    layout.compact = true;
    timelineHeight = std::round(std::min(timelineHeight, height * kCompactMaxTimelineFraction));
    const float tabsHeight = std::round(std::min(kCompactTabsHeight * scale, height * 0.1f));
    const float above = std::max(height - timelineHeight - tabsHeight, 0.0f);
    layout.timeline = LayoutRect{0, height - timelineHeight, width, timelineHeight};
    layout.tabs = LayoutRect{0, above, width, tabsHeight};
    layout.view = LayoutRect{0, 0, width, above};
    const Weighted analysis[] = {{request.browserShown, 1.0f, &layout.browser},
                                 {request.curvesShown, 1.5f, &layout.curves},
                                 {request.compareShown, 1.0f, &layout.compare}};
    LayoutRect* panel = drawerPanel(layout, request.drawer);
    const bool analysisShown = std::any_of(std::begin(analysis), std::end(analysis),
                                           [](const Weighted& shown) { return shown.shown; });
    if (panel == nullptr && !analysisShown) {
        return layout;
    }
    LayoutRect drawer;
    if (width > height) { // landscape: beside the view
        const float drawerWidth = std::round(width * (1.0f - kCompactMinViewFraction));
        drawer = LayoutRect{width - drawerWidth, 0, drawerWidth, above};
        layout.view.width = width - drawerWidth;
    } else { // portrait: under the view
        const float viewHeight = std::min(above, std::round(height * kCompactMinViewFraction));
        drawer = LayoutRect{0, viewHeight, width, above - viewHeight};
        layout.view.height = viewHeight;
    }
    if (panel != nullptr) {
        *panel = drawer;
    } else {
        splitByWeight(analysis, drawer);
    }
    return layout;
}

} // namespace

bool wantsCompactLayout(float windowWidth, float scale, bool touchOnly) {
    return touchOnly || (windowWidth > 0.0f && windowWidth < kCompactLayoutWidth * scale);
}

float defaultColumnFraction(float windowWidth, float scale) {
    if (windowWidth <= 0.0f) {
        return kDefaultColumnFraction;
    }
    const float pixels = std::clamp(windowWidth * kDefaultColumnFraction, kMinColumnWidth * scale,
                                    kMaxDefaultColumnWidth * scale);
    return pixels / windowWidth;
}

DockLayout computeDockLayout(const DockRequest& request,
                             const scene::DockProportions& proportions) {
    DockLayout layout;
    const float width = std::floor(std::max(request.windowWidth, 0.0f));
    const float height = std::floor(std::max(request.windowHeight, 0.0f));
    const float scale = std::isfinite(request.scale) ? std::clamp(request.scale, 0.5f, 4.0f) : 1.0f;
    if (width <= 0.0f || height <= 0.0f) {
        return layout;
    }
    if (request.panelsHidden) {
        layout.view = LayoutRect{0, 0, width, height};
        return layout;
    }

    // [SECTION] The timeline: the whole width, as tall as its content, at most 40 % of the window
    float timelineHeight = request.timelineHeight > 0.0f && std::isfinite(request.timelineHeight)
                               ? request.timelineHeight
                               : kDefaultTimelineHeight * scale;
    if (request.compact) {
        return computeCompactLayout(request, width, height, scale, timelineHeight);
    }
    timelineHeight = std::round(std::min(timelineHeight, height * 0.4f));
    const float above = height - timelineHeight;
    layout.timeline = LayoutRect{0, above, width, timelineHeight};

    // [SECTION] The columns, shrunk together when the view would get less than its minimum
    const float fallback = defaultColumnFraction(width, scale);
    const float strip = kCollapsedStripWidth * scale;
    float left = proportions.leftCollapsed
                     ? strip
                     : width * keptFraction(proportions.leftWidth, fallback, 0.05f, 0.45f);
    float right = proportions.rightCollapsed
                      ? strip
                      : width * keptFraction(proportions.rightWidth, fallback, 0.05f, 0.45f);
    const float most = width * (1.0f - kMinViewFraction);
    if (left + right > most) {
        const float shrink = most / (left + right);
        left *= shrink;
        right *= shrink;
    }
    left = std::round(left);
    right = std::round(right);
    layout.leftWidth = left;
    layout.rightWidth = right;
    if (proportions.leftCollapsed) {
        layout.leftStrip = LayoutRect{0, 0, left, above};
    } else {
        splitColumn(0, left, above, {0.32f, 0.68f}, {&layout.files, &layout.joints});
    }
    if (proportions.rightCollapsed) {
        layout.rightStrip = LayoutRect{width - right, 0, right, above};
    } else {
        const float* split = request.jointSelected ? kRightColumnSelected : kRightColumnUnselected;
        splitColumn(width - right, right, above, {split[0], split[1], split[2]},
                    {&layout.info, &layout.selection, &layout.settings});
    }

    // [SECTION] The analysis dock under the view, between the columns
    const float centerX = left;
    const float centerWidth = width - left - right;
    const Weighted docked[] = {{request.browserShown, 1.0f, &layout.browser},
                               {request.curvesShown, 1.5f, &layout.curves},
                               {request.compareShown, 1.0f, &layout.compare}};
    float bottom = 0.0f;
    if (std::any_of(std::begin(docked), std::end(docked),
                    [](const Weighted& panel) { return panel.shown; })) {
        const float fallbackBottom =
            request.browserShown ? kDefaultBrowserBottomFraction : kDefaultBottomFraction;
        bottom = height * keptFraction(proportions.bottomHeight, fallbackBottom, 0.10f, 0.60f);
        bottom = std::round(std::clamp(bottom, 0.0f, above - height * kMinViewFraction));
        splitByWeight(docked, LayoutRect{centerX, above - bottom, centerWidth, bottom});
    }
    layout.bottomHeight = bottom;
    layout.view = LayoutRect{centerX, 0, centerWidth, above - bottom};
    return layout;
}

} // namespace bvhscope::viewer
