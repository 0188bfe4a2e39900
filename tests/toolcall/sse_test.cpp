// The SSE and NDJSON readers: the WHATWG line and field rules, chunking anywhere (inside a line,
// a CRLF, a UTF-8 character, a BOM), and the buffer limits.

#include <laminate/toolcall/sse.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using laminate::ErrorKind;
using laminate::toolcall::NdjsonOptions;
using laminate::toolcall::NdjsonReader;
using laminate::toolcall::SseEvent;
using laminate::toolcall::SseOptions;
using laminate::toolcall::SseReader;

std::vector<SseEvent> read_in_chunks(std::string_view text, std::size_t chunk) {
    SseReader reader;
    std::vector<SseEvent> out;
    for (std::size_t i = 0; i < text.size(); i += chunk) {
        auto r = reader.feed(text.substr(i, chunk), out);
        EXPECT_TRUE(r) << r.error();
    }
    auto r = reader.finish(out);
    EXPECT_TRUE(r) << r.error();
    return out;
}

// Every split into two chunks, and 1-byte chunks, read like one chunk.
void expect_chunking_invariant(std::string_view text) {
    const auto whole = read_in_chunks(text, text.size() + 1);
    EXPECT_EQ(read_in_chunks(text, 1), whole);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        SseReader reader;
        std::vector<SseEvent> out;
        ASSERT_TRUE(reader.feed(text.substr(0, cut), out));
        ASSERT_TRUE(reader.feed(text.substr(cut), out));
        ASSERT_TRUE(reader.finish(out));
        EXPECT_EQ(out, whole) << "cut at " << cut;
    }
}

TEST(Sse, LineEndsLfCrlfAndCrReadAlike) {
    for (std::string_view text : {"event: a\ndata: x\n\n", "event: a\r\ndata: x\r\n\r\n",
                                  "event: a\rdata: x\r\r"}) {
        auto events = read_in_chunks(text, 100);
        ASSERT_EQ(events.size(), 1u) << text;
        EXPECT_EQ(events[0].event, "a");
        EXPECT_EQ(events[0].data, "x");
        expect_chunking_invariant(text);
    }
}

TEST(Sse, CrlfSplitAcrossChunksIsOneLineEnd) {
    SseReader reader;
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed("data: a\r", out));
    ASSERT_TRUE(reader.feed("\n", out));
    EXPECT_TRUE(out.empty()); // one line end so far, not the blank line
    ASSERT_TRUE(reader.feed("\r", out));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].data, "a");
}

TEST(Sse, MultiLineDataJoinedWithNewline) {
    auto events = read_in_chunks("data: a\ndata:b\ndata\ndata:  c\n\n", 100);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].data, "a\nb\n\n c"); // a bare "data" line is an empty data line
}

TEST(Sse, CommentsAndUnknownFieldsIgnored) {
    auto events = read_in_chunks(":ping\n: keep-alive\nfoo: bar\nDATA: no\ndata: yes\n\n", 7);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].data, "yes");
}

TEST(Sse, EventWithoutDataIsNotDispatchedAndItsTypeDoesNotLeak) {
    auto events = read_in_chunks("event: lonely\n\ndata: x\n\n", 100);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].event, "");
}

TEST(Sse, IdPersistsAndRetryTakesDigitsOnly) {
    SseReader reader;
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed("id: 7\nretry: 250\ndata: a\n\ndata: b\nretry: 12x\n\nid\ndata: c\n\n", out));
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].id, "7");
    EXPECT_EQ(out[0].retry, 250u);
    EXPECT_EQ(out[1].id, "7"); // the last event id persists
    EXPECT_FALSE(out[1].retry.has_value()); // "12x" is not a retry
    EXPECT_EQ(out[2].id, "");   // a bare "id" line resets it
    EXPECT_EQ(reader.retry(), 250u);
    EXPECT_EQ(reader.last_event_id(), "");
}

TEST(Sse, IdWithNulIsIgnored) {
    SseReader reader;
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed(std::string_view("id: 1\nid: a\0b\ndata: x\n\n", 23), out));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].id, "1");
}

TEST(Sse, ByteOrderMarkAtStartDroppedEvenWhenSplit) {
    const std::string text = "\xEF\xBB\xBF" "data: x\n\n";
    for (std::size_t chunk = 1; chunk <= text.size(); ++chunk) {
        auto events = read_in_chunks(text, chunk);
        ASSERT_EQ(events.size(), 1u);
        EXPECT_EQ(events[0].data, "x");
    }
    // Only at the very start; a near-BOM is data.
    auto later = read_in_chunks("data: \xEF\xBB\xBFx\n\n", 2);
    EXPECT_EQ(later.at(0).data, "\xEF\xBB\xBFx");
    auto partial = read_in_chunks("\xEF\xBB" "data: x\n\n", 1);
    EXPECT_TRUE(partial.empty()); // field name "\xEF\xBB" "data" is unknown
}

TEST(Sse, Utf8SplitAcrossChunksStaysIntact) {
    const std::string text = "data: h\xC3\xA9llo \xF0\x9F\x98\x80 \xE2\x82\xAC\n\n";
    expect_chunking_invariant(text);
    EXPECT_EQ(read_in_chunks(text, 1).at(0).data, "h\xC3\xA9llo \xF0\x9F\x98\x80 \xE2\x82\xAC");
}

TEST(Sse, FinishFlushesALastLineAndEvent) {
    SseReader reader;
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed("data: a\n\ndata: partial", out));
    EXPECT_EQ(out.size(), 1u);
    ASSERT_TRUE(reader.finish(out));
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[1].data, "partial");
}

TEST(Sse, LineLimitIsEnforcedWithAClearError) {
    SseReader reader(SseOptions{.max_line = 16, .max_event = 1024});
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed("data: short\n\n", out));
    auto r = reader.feed("data: 0123456789", out); // 16 bytes, still within the limit
    ASSERT_TRUE(r);
    r = reader.feed("x", out);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::BufferExceeded);
    EXPECT_EQ(r.error().message().find("0123"), std::string::npos); // no input quoted
    EXPECT_FALSE(reader.feed("\n\n", out)); // stays failed
    EXPECT_FALSE(reader.finish(out));
    // A long line inside one chunk too.
    SseReader one(SseOptions{.max_line = 8, .max_event = 1024});
    EXPECT_FALSE(one.feed("data: 123456789\n\n", out));
}

// The inline path for tiny chunks takes only bytes that continue a line; everything else (a
// line end, a CR, the first bytes, the limit) is left to feed(), and the events are the same.
TEST(Sse, TinyChunksInsideALineTakeTheInlinePathAndReadTheSame) {
    SseReader reader(SseOptions{.max_line = 16, .max_event = 1024});
    std::vector<SseEvent> out;
    EXPECT_FALSE(reader.feed_inside_line("d")); // nothing read yet (a byte order mark may come)
    ASSERT_TRUE(reader.feed("da", out));
    EXPECT_TRUE(reader.feed_inside_line("ta: 4"));
    EXPECT_FALSE(reader.feed_inside_line("2\n")); // a line end
    EXPECT_FALSE(reader.feed_inside_line("\r"));
    EXPECT_TRUE(reader.feed_inside_line("2"));
    EXPECT_EQ(reader.bytes_read(), 8u);
    EXPECT_FALSE(reader.feed_inside_line("123456789")); // beyond max_line: feed() reports it
    ASSERT_TRUE(reader.feed("\n\n", out));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].data, "42");
    EXPECT_FALSE(reader.feed_inside_line("x")); // between lines
}

TEST(Sse, EventLimitIsEnforced) {
    SseReader reader(SseOptions{.max_line = 64, .max_event = 10});
    std::vector<SseEvent> out;
    ASSERT_TRUE(reader.feed("data: 12345\n", out));
    auto r = reader.feed("data: 67890\n\n", out);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::BufferExceeded);
}

TEST(Ndjson, LinesSplitAcrossChunksAndCrlf) {
    const std::string text = "{\"a\":1}\r\n\n  \n{\"b\":\"\xC3\xA9\"}\n{\"c\":3}";
    for (std::size_t chunk = 1; chunk <= text.size(); ++chunk) {
        NdjsonReader reader;
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < text.size(); i += chunk) ASSERT_TRUE(reader.feed(text.substr(i, chunk), lines));
        ASSERT_TRUE(reader.finish(lines));
        ASSERT_EQ(lines.size(), 3u) << chunk;
        EXPECT_EQ(lines[0], "{\"a\":1}");
        EXPECT_EQ(lines[1], "{\"b\":\"\xC3\xA9\"}");
        EXPECT_EQ(lines[2], "{\"c\":3}");
    }
}

TEST(Ndjson, LineLimit) {
    NdjsonReader reader(NdjsonOptions{.max_line = 4});
    std::vector<std::string> lines;
    ASSERT_TRUE(reader.feed("1234\n12", lines));
    auto r = reader.feed("345", lines);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::BufferExceeded);
}

} // namespace
