// libFuzzer target for the SSE reader and the stream assembler. The first byte picks the chunk
// size (1 + byte % 64) and tight limits (bit 7); the rest is the transcript.
// Properties: never a crash, hang or sanitizer report; the SSE reader gives the same events (or
// the same error kind) whether fed in one chunk or in small ones; so does the stream assembler
// (same Response, or the same error kind); errors never quote the input.

#include "fuzz_checks.hpp"

#include <laminate/toolcall/sse.hpp>
#include <laminate/toolcall/stream.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

using namespace laminate;
using namespace laminate::toolcall;

namespace {

struct SseRun {
    std::vector<SseEvent> events;
    bool ok = true;
    ErrorKind kind = ErrorKind::InvalidJson;
};

SseRun read_sse(std::string_view text, std::size_t chunk, const SseOptions& o) {
    SseRun run;
    SseReader reader(o);
    for (std::size_t i = 0; i < text.size() && run.ok; i += chunk) {
        auto r = reader.feed(text.substr(i, chunk), run.events);
        if (!r) {
            run.ok = false;
            run.kind = r.error().kind();
        }
    }
    if (run.ok) {
        auto r = reader.finish(run.events);
        if (!r) {
            run.ok = false;
            run.kind = r.error().kind();
        }
    }
    return run;
}

Result<Response> assemble(std::string_view text, std::size_t chunk, const StreamOptions& o) {
    StreamAssembler s(Format::AutoDetect, o);
    for (std::size_t i = 0; i < text.size(); i += chunk) {
        auto r = s.feed(text.substr(i, chunk));
        if (!r) return r.error();
        (void)s.take_deltas();
        if (auto* p = s.partial_arguments(0)) (void)p->view();
    }
    return s.finish();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > fuzz::kMaxInput) return 0;
    const std::uint8_t selector = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const std::size_t chunk = 1 + selector % 64;
    SseOptions sse;
    StreamOptions stream;
    if (selector & 0x80u) {
        sse.max_line = 64;
        sse.max_event = 256;
        stream.sse = sse;
        stream.max_calls = 4;
        stream.max_choices = 2;
        stream.max_undetected_chunks = 2;
    }

    const SseRun whole = read_sse(text, text.size() + 1, sse);
    const SseRun split = read_sse(text, chunk, sse);
    LAMINATE_FUZZ_CHECK(whole.ok == split.ok, "SSE success depends on chunking");
    if (whole.ok) LAMINATE_FUZZ_CHECK(whole.events == split.events, "SSE events depend on chunking");
    else LAMINATE_FUZZ_CHECK(whole.kind == split.kind, "SSE error kind depends on chunking");

    auto a = assemble(text, text.size() + 1, stream);
    auto b = assemble(text, chunk, stream);
    LAMINATE_FUZZ_CHECK(a.has_value() == b.has_value(), "assembly success depends on chunking");
    if (a) {
        LAMINATE_FUZZ_CHECK(*a == *b, "assembled Response depends on chunking");
    } else {
        LAMINATE_FUZZ_CHECK(a.error().kind() == b.error().kind(), "assembly error kind depends on chunking");
        // Longer than any of laminate's own messages, so that a match is a quote, not a coincidence.
        if (text.size() >= 80)
            LAMINATE_FUZZ_CHECK(a.error().message().find(text) == std::string::npos, "error quotes the input");
    }
    return 0;
}
