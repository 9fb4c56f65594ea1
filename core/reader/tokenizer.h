// Splits BVH text into tokens with 1-based line and column numbers.
//
// A token is a run of non-whitespace characters, except that '{' and '}' are always tokens of
// their own: "ROOT Hips{" and "OFFSET 0 0 0 }" (Character Studio) tokenize like the tidy
// layout. Lines end at LF, CRLF or a lone CR (old Mac exporters); a UTF-8 BOM is skipped.
// Internal to the core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
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

// True when `text` could still become `keyword` (ASCII case-insensitive) if more text followed
// it: it is a prefix of the keyword. A token cut by the end of a partly read file that cannot
// become any keyword expected there is an error whatever follows.
bool couldBecomeKeyword(std::string_view text, std::string_view keyword);

// "end of file" for the token at the end of the input, else the token quoted for a message.
std::string describeToken(const Token& token);

// The longest token or name the header may hold. No BVH word comes near it (names of 20 000
// bytes load); a longer one means the text is not BVH, and refusing it bounds how much of a
// file is read before that is known.
inline constexpr std::size_t kMaxHeaderTokenBytes = std::size_t{1} << 20;

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
    // Says that the last token read decided the result whatever text follows it (a token that
    // cannot become any keyword expected there): reachedEnd() is false again.
    void endDoesNotMatter() { reachedEnd_ = false; }
    // Says that the result read depends on the first `bytes` of the text (or all of a shorter
    // one): where the text held is shorter, the end matters (reachedEnd() is true), so a reader
    // given the text as it arrives decides once those bytes are there, as one given it whole.
    void resultReadsFirstBytes(std::size_t bytes) {
        if (text_.size() < bytes) {
            reachedEnd_ = true;
        }
    }
    // The first token or rest of line longer than kMaxHeaderTokenBytes that next() or
    // restOfLine() returned (its first bytes); atEnd() when there was none.
    const Token& overlongToken() const { return overlong_; }
    std::size_t offset() const { return offset_; }
    std::uint32_t line() const { return line_; }
    std::uint32_t column() const { return static_cast<std::uint32_t>(offset_ - lineStart_ + 1); }

private:
    void advanceLineEnd();
    void checkLength(const Token& token) {
        if (token.text.size() > kMaxHeaderTokenBytes && overlong_.atEnd()) {
            overlong_ = token;
        }
    }

    std::string_view text_;
    std::size_t offset_ = 0;
    std::size_t lineStart_ = 0;
    std::uint32_t line_ = 1;
    bool reachedEnd_ = false;
    Token overlong_;
};

inline bool isSpaceOrTab(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}
inline bool isLineEnd(char c) {
    return c == '\n' || c == '\r';
}
// Where a token ends: a blank, a line end, or a brace (which is a token of its own).
inline bool isTokenDelimiter(char c) {
    return isSpaceOrTab(c) || isLineEnd(c) || c == '{' || c == '}';
}
// Skipped at the start of a file.
inline constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

} // namespace bvh
