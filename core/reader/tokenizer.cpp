#include "core/reader/tokenizer.h"

#include "core/model/diagnostic.h"

namespace bvh {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        char y = b[i];
        if (x >= 'A' && x <= 'Z') {
            x = static_cast<char>(x - 'A' + 'a');
        }
        if (y >= 'A' && y <= 'Z') {
            y = static_cast<char>(y - 'A' + 'a');
        }
        if (x != y) {
            return false;
        }
    }
    return true;
}

bool couldBecomeKeyword(std::string_view text, std::string_view keyword) {
    return text.size() <= keyword.size() &&
           equalsIgnoringCase(text, keyword.substr(0, text.size()));
}

std::string describeToken(const Token& token) {
    return token.atEnd() ? std::string("end of file") : quotedForMessage(token.text);
}

Tokenizer::Tokenizer(std::string_view text) : text_(text) {
    if (text_.starts_with(kUtf8ByteOrderMark)) {
        offset_ = kUtf8ByteOrderMark.size();
        lineStart_ = offset_;
    }
}

void Tokenizer::advanceLineEnd() {
    if (text_[offset_] == '\r' && offset_ + 1 < text_.size() && text_[offset_ + 1] == '\n') {
        ++offset_;
    }
    ++offset_;
    lineStart_ = offset_;
    ++line_;
}

void Tokenizer::skipWhitespace() {
    while (offset_ < text_.size()) {
        char c = text_[offset_];
        if (isSpaceOrTab(c)) {
            ++offset_;
        } else if (isLineEnd(c)) {
            advanceLineEnd();
        } else {
            break;
        }
    }
}

Token Tokenizer::next() {
    skipWhitespace();
    Token token{{}, line_, column()};
    if (offset_ >= text_.size()) {
        reachedEnd_ = true;
        return token;
    }
    std::size_t start = offset_;
    if (text_[offset_] == '{' || text_[offset_] == '}') {
        ++offset_;
    } else {
        while (offset_ < text_.size()) {
            if (isTokenDelimiter(text_[offset_])) {
                break;
            }
            ++offset_;
        }
    }
    token.text = text_.substr(start, offset_ - start);
    reachedEnd_ = reachedEnd_ || offset_ >= text_.size();
    checkLength(token);
    return token;
}

Token Tokenizer::peek() {
    Tokenizer copy = *this;
    Token token = copy.next();
    reachedEnd_ = copy.reachedEnd_;
    return token;
}

Token Tokenizer::restOfLine() {
    while (offset_ < text_.size() && isSpaceOrTab(text_[offset_])) {
        ++offset_;
    }
    Token token{{}, line_, column()};
    std::size_t start = offset_;
    while (offset_ < text_.size() && !isLineEnd(text_[offset_]) && text_[offset_] != '{') {
        ++offset_;
    }
    reachedEnd_ = reachedEnd_ || offset_ >= text_.size();
    std::size_t end = offset_;
    while (end > start && isSpaceOrTab(text_[end - 1])) {
        --end;
    }
    token.text = text_.substr(start, end - start);
    checkLength(token);
    return token;
}

} // namespace bvh
