// The CLI's bounded line reader, driven directly through a temporary file's descriptor so that
// the length cap can be small.
#include "line_reader.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <unistd.h>

using laminate::cli::LineReader;

namespace {

// A descriptor reading `content`; the file is already unlinked.
int fd_with(const std::string& content) {
    std::FILE* f = std::tmpfile();
    if (f == nullptr) return -1;
    std::fwrite(content.data(), 1, content.size(), f);
    std::fflush(f);
    const int fd = dup(fileno(f));
    std::fclose(f);
    lseek(fd, 0, SEEK_SET);
    return fd;
}

struct Read {
    LineReader::Status status;
    std::string line;
    std::size_t number;
};

std::vector<Read> read_all(const std::string& content, std::size_t max_line) {
    const int fd = fd_with(content);
    EXPECT_GE(fd, 0);
    LineReader reader(fd, max_line);
    std::vector<Read> out;
    std::string line;
    for (;;) {
        const auto status = reader.next(line);
        if (status == LineReader::Status::End) break;
        out.push_back({status, line, reader.line_number()});
    }
    close(fd);
    // The view overload reads the same lines (asking line_buffered() first every other line, as
    // the request loop does, whose search next() then reuses).
    const int again = fd_with(content);
    LineReader views(again, max_line);
    std::string storage;
    std::string_view view;
    for (std::size_t i = 0;; ++i) {
        if (i % 2 == 1) (void)views.line_buffered();
        const auto status = views.next(view, storage);
        if (status == LineReader::Status::End) {
            EXPECT_EQ(i, out.size());
            break;
        }
        if (i >= out.size()) {
            ADD_FAILURE() << "more lines through views";
            break;
        }
        EXPECT_EQ(status, out[i].status) << i;
        EXPECT_EQ(view, out[i].line) << i;
        EXPECT_EQ(views.line_number(), out[i].number) << i;
    }
    close(again);
    return out;
}

} // namespace

TEST(LineReader, SplitsOnNewlinesAndStripsCarriageReturns) {
    const auto lines = read_all("a\r\n\nbc\n  \nlast", 100);
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0].line, "a");
    EXPECT_EQ(lines[1].line, "");
    EXPECT_EQ(lines[2].line, "bc");
    EXPECT_EQ(lines[3].line, "  ");
    EXPECT_EQ(lines[4].line, "last");
    EXPECT_EQ(lines[4].number, 5u);
    for (const auto& l : lines) EXPECT_EQ(l.status, LineReader::Status::Line);
}

TEST(LineReader, NothingAfterTheFinalNewline) {
    EXPECT_EQ(read_all("x\n", 10).size(), 1u);
    EXPECT_TRUE(read_all("", 10).empty());
}

TEST(LineReader, OverlongLinesAreSkippedAndCounted) {
    const std::string input = "short\n" + std::string(50, 'x') + "\nok\n" + std::string(11, 'y');
    const auto lines = read_all(input, 10);
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0].line, "short");
    EXPECT_EQ(lines[1].status, LineReader::Status::TooLong);
    EXPECT_TRUE(lines[1].line.empty());
    EXPECT_EQ(lines[2].line, "ok");
    EXPECT_EQ(lines[2].number, 3u);
    EXPECT_EQ(lines[3].status, LineReader::Status::TooLong);
}

TEST(LineReader, ExactlyAtTheLimitIsFineEvenWithCrlf) {
    const auto lines = read_all(std::string(10, 'z') + "\r\n" + std::string(10, 'w'), 10);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].status, LineReader::Status::Line);
    EXPECT_EQ(lines[0].line, std::string(10, 'z'));
    EXPECT_EQ(lines[1].status, LineReader::Status::Line);
}

TEST(LineReader, LinesSpanningManyReadBuffers) {
    std::string input;
    for (int i = 0; i < 3; ++i) input += std::string(200'000, static_cast<char>('a' + i)) + "\n";
    const auto lines = read_all(input, 1'000'000);
    ASSERT_EQ(lines.size(), 3u);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(lines[static_cast<std::size_t>(i)].line, std::string(200'000, static_cast<char>('a' + i)));
}
