// PLACEHOLDER: the laminate command line.
#include <laminate/laminate.hpp>

#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
    CLI::App app{"laminate: LLM output to trusted types"};
    CLI11_PARSE(app, argc, argv);
    return 0;
}
