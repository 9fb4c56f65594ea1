// Splits BVH text into tokens with 1-based line and column numbers.
//
// A token is a run of non-whitespace characters, except that '{' and '}' are always tokens of
// their own: "ROOT Hips{" and "OFFSET 0 0 0 }" (Character Studio) tokenize like the tidy
// layout. Lines end at LF, CRLF or a lone CR (old Mac exporters); a UTF-8 BOM is skipped.
// Internal to the core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace bvh {

struct Token {
    std::string_view text; // empty at end of input
    std::uint32_t line = 0;
    std::uint32_t column = 0;

    bool atEnd() const { return text.empty(); }
};

// ASCII case-insensitive comparison, for BVH keywords.
bool equalsIgnoringCase(std::string_view a, std::string_view b);

class Tokenizer {
public:
    explicit Tokenizer(std::string_view text);

    Token next();
    Token peek();

    // The raw rest of the current line from the cursor, trimmed, ending before a '{' or the
    // line end; used for joint names, which may contain spaces ("Left Hand", "mixamorig:Hips").
    // The cursor stops before the '{' (if any) or at the line end.
    Token restOfLine();

    // Skips spaces and line ends so the cursor sits on the next token.
    void skipWhitespace();

    std::string_view text() const { return text_; }
    // True once a token touched the end of the text (it may continue in text not read yet).
    bool reachedEnd() const { return reachedEnd_; }
    std::size_t offset() const { return offset_; }
    std::uint32_t line() const { return line_; }
    std::uint32_t column() const { return static_cast<std::uint32_t>(offset_ - lineStart_ + 1); }

private:
    void advanceLineEnd();

    std::string_view text_;
    std::size_t offset_ = 0;
    std::size_t lineStart_ = 0;
    std::uint32_t line_ = 1;
    bool reachedEnd_ = false;
};

inline bool isSpaceOrTab(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}
inline bool isLineEnd(char c) {
    return c == '\n' || c == '\r';
}

} // namespace bvh
