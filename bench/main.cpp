// laminate_bench: Google Benchmark's flags, plus --data=DIR (the generated workloads).
#include "register.hpp"

#include <iostream>
#include <string_view>

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg.starts_with("--data=")) {
            laminate::bench::set_data_dir(std::string(arg.substr(7)));
        } else {
            std::cerr << "laminate_bench: unknown argument " << arg
                      << " (Google Benchmark flags, or --data=DIR)\n";
            return 2;
        }
    }
    benchmark::AddCustomContext("laminate_bench_data", laminate::bench::data_dir().string());
    benchmark::AddCustomContext("simdjson_implementation",
                                simdjson::get_active_implementation()->name());
    laminate::bench::register_throughput();
    laminate::bench::register_linearity();
#ifdef LAMINATE_BENCH_SCHEMA_SHAPE
    laminate::bench::register_schema_shape();
#endif
    laminate::bench::register_stream();
    laminate::bench::register_shape();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
