#include "line_reader.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace laminate::cli {

namespace {
constexpr std::size_t buffer_size = std::size_t(64) << 10;
}

LineReader::LineReader(int fd, std::size_t max_line)
    : fd_(fd), max_line_(max_line), buffer_(buffer_size) {}

bool LineReader::line_buffered() const noexcept {
    const void* newline = std::memchr(buffer_.data() + pos_, '\n', end_ - pos_);
    // Kept for next(), which would otherwise search the same bytes again.
    newline_from_ = pos_;
    newline_at_ = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - buffer_.data()) : end_;
    return newline != nullptr;
}

bool LineReader::refill() {
    if (eof_) return false;
    pos_ = 0;
    end_ = 0;
    newline_from_ = no_search;
    for (;;) {
        const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
        if (n > 0) {
            end_ = static_cast<std::size_t>(n);
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        eof_ = true; // end of input or a read error: either way nothing more comes
        return false;
    }
}

LineReader::Status LineReader::next(std::string_view& line, std::string& storage) {
    if (pos_ < end_) {
        const char* start = buffer_.data() + pos_;
        const char* newline = nullptr;
        if (newline_from_ == pos_)
            newline = newline_at_ < end_ ? buffer_.data() + newline_at_ : nullptr;
        else
            newline = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
        newline_from_ = no_search;
        if (newline) { // the whole line is here: the limits of next(std::string&), no copy
            std::string_view whole(start, static_cast<std::size_t>(newline - start));
            pos_ += whole.size() + 1;
            ++line_number_;
            if (!whole.empty() && whole.back() == '\r') whole.remove_suffix(1);
            if (whole.size() > max_line_) {
                line = {};
                return Status::TooLong;
            }
            line = whole;
            return Status::Line;
        }
    }
    const Status status = next(storage);
    line = storage;
    return status;
}

LineReader::Status LineReader::next(std::string& line) {
    line.clear();
    bool saw_bytes = false;
    bool overflow = false;
    for (;;) {
        if (pos_ == end_ && !refill()) break;
        const char* start = buffer_.data() + pos_;
        const std::size_t available = end_ - pos_;
        const char* newline = nullptr;
        if (newline_from_ == pos_) // line_buffered() searched from here: its answer stands
            newline = newline_at_ < end_ ? buffer_.data() + newline_at_ : nullptr;
        else
            newline = static_cast<const char*>(std::memchr(start, '\n', available));
        newline_from_ = no_search;
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
    if (!saw_bytes) return Status::End;
    ++line_number_;
    if (overflow) return Status::TooLong;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > max_line_) {
        line.clear();
        return Status::TooLong;
    }
    return Status::Line;
}

} // namespace laminate::cli
