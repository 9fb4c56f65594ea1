#include "app/options/option_table.h"

#include <cmath>
#include <sstream>

namespace bvhscope::options {

const Option* optionWithKey(std::string_view key) {
    for (const Option* option : kAllOptions) {
        if (!key.empty() && option->key == key) {
            return option;
        }
    }
    return nullptr;
}

const Option* optionWithFlag(std::string_view flag, CommandMask command) {
    for (const Option* option : kAllOptions) {
        if (!flag.empty() && option->flag == flag && (option->commands & command) != 0) {
            return option;
        }
    }
    return nullptr;
}

std::string_view typeName(ValueType type) {
    switch (type) {
    case ValueType::Boolean:
        return "boolean";
    case ValueType::Integer:
        return "integer";
    case ValueType::Number:
        return "number";
    case ValueType::Choice:
        return "choice";
    case ValueType::Text:
        return "text";
    case ValueType::Colour:
        return "colour";
    case ValueType::Size:
        return "size";
    case ValueType::Rate:
        return "rate";
    case ValueType::Frame:
        return "frame";
    case ValueType::FrameRange:
        return "frame range";
    }
    return "text";
}

std::string numberText(double value) {
    if (std::isfinite(value) && value == std::round(value) && std::abs(value) < 1e15) {
        return std::to_string(static_cast<long long>(value));
    }
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string rateText(double value) {
    if (value > 0.0 && value < 1.0) {
        const double denominator = std::round(1.0 / value);
        if (std::abs(1.0 / denominator - value) < 1e-12 * denominator) {
            return "1/" + numberText(denominator);
        }
    }
    return numberText(value);
}

std::string rangeNumbers(const Option& option) {
    const auto textOf = option.type == ValueType::Rate ? rateText : numberText;
    if (!option.minimum) {
        return {};
    }
    if (option.minimumExcluded) {
        const std::string above = "more than " + textOf(*option.minimum);
        return option.maximum ? above + ", up to " + textOf(*option.maximum) : above;
    }
    if (!option.maximum) {
        return "from " + textOf(*option.minimum);
    }
    return "from " + textOf(*option.minimum) + " to " + textOf(*option.maximum);
}

std::string rangeText(const Option& option) {
    std::string text = rangeNumbers(option);
    if (option.minimum && option.maximum && !option.unit.empty()) {
        text += " ";
        text += option.unit;
    }
    return text;
}

bool inRange(const Option& option, double value) {
    const bool aboveMinimum = !option.minimum || value > *option.minimum ||
                              (!option.minimumExcluded && value == *option.minimum);
    return !std::isnan(value) && aboveMinimum && (!option.maximum || value <= *option.maximum);
}

std::string_view helpFor(const Option& option, CommandMask command) {
    for (const CommandWords& words : option.helpByCommand) {
        if (words.command == command) {
            return words.help;
        }
    }
    return option.help;
}

std::string flagNames(const Option& option) {
    if (option.alias.empty()) {
        return std::string(option.flag);
    }
    return std::string(option.alias) + ", " + std::string(option.flag);
}

std::string choiceList(const Option& option) {
    std::string list;
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (i > 0) {
            list += i + 1 == option.choices.size() ? " or " : ", ";
        }
        list += option.choices[i];
    }
    return list;
}

std::string choiceRefusal(const Option& option, std::string_view given) {
    return std::string(option.flag) + " must be " + choiceList(option) + ", not '" +
           std::string(given) + "'";
}

std::string refusal(const Option& option, std::string_view given) {
    return std::string(option.flag) + " must be " + rangeText(option) + ", not '" +
           std::string(given) + "'";
}

std::string_view renderNeedText(RenderNeed need) {
    switch (need) {
    case RenderNeed::Nothing:
        return "";
    case RenderNeed::VideoOutput:
        return "video outputs (-o NAME.mp4, .webm or .gif)";
    case RenderNeed::ContactSheet:
        return "--contact-sheet";
    }
    return "";
}

} // namespace bvhscope::options
