#include "line_reader.hpp"

#include <cstring>

namespace laminate::cli {

namespace {
constexpr std::size_t buffer_size = std::size_t(64) << 10;
}

LineReader::LineReader(std::FILE* in, std::size_t max_line)
    : in_(in), max_line_(max_line), buffer_(buffer_size) {}

bool LineReader::refill() {
    if (eof_) return false;
    pos_ = 0;
    end_ = std::fread(buffer_.data(), 1, buffer_.size(), in_);
    if (end_ == 0) eof_ = true; // end of input or a read error: either way nothing more comes
    return end_ != 0;
}

LineReader::Status LineReader::next(std::string& line) {
    line.clear();
    bool saw_bytes = false;
    bool overflow = false;
    for (;;) {
        if (pos_ == end_ && !refill()) break;
        const char* start = buffer_.data() + pos_;
        const std::size_t available = end_ - pos_;
        const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
        const std::size_t chunk = newline ? static_cast<std::size_t>(newline - start) : available;
        saw_bytes = true;
        if (!overflow) {
            if (line.size() + chunk > max_line_ + 1) { // +1: room for a '\r' before the '\n'
                overflow = true;
                line.clear();
                line.shrink_to_fit();
            } else {
                line.append(start, chunk);
            }
        }
        pos_ += chunk;
        if (newline) {
            ++pos_;
            break;
        }
    }
    if (!saw_bytes) return Status::end;
    ++line_number_;
    if (overflow) return Status::too_long;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > max_line_) {
        line.clear();
        return Status::too_long;
    }
    return Status::line;
}

} // namespace laminate::cli
