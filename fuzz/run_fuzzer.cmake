# Runs one libFuzzer target for ctest; any crash, leak, timeout or sanitizer report fails.
#   cmake -DFUZZER=<exe> -DSEEDS=<dir> -DDICT=<file> -DWORK=<dir> -DMODE=replay|fuzz
#         [-DSECONDS=<n>] -P run_fuzzer.cmake
# The environment variable LAMINATE_FUZZ_SECONDS overrides SECONDS (longer local runs).
# The seed corpus in the repository is only read: fuzzing grows a copy under WORK.
foreach(var FUZZER SEEDS DICT WORK MODE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${var}=... is required")
  endif()
endforeach()

file(GLOB seeds LIST_DIRECTORIES false "${SEEDS}/*")
list(SORT seeds)
if(NOT seeds)
  message(FATAL_ERROR "no seed files in ${SEEDS}")
endif()
set(artifacts "${WORK}/artifacts")
file(MAKE_DIRECTORY "${artifacts}")
# Per input: 10 s is a hang; 2 GB of RSS is unbounded allocation.
set(common -rss_limit_mb=2048 -timeout=10 -artifact_prefix=${artifacts}/ -print_final_stats=1)

if(MODE STREQUAL "replay")
  list(LENGTH seeds n)
  message(STATUS "replaying ${n} seeds from ${SEEDS}")
  execute_process(COMMAND "${FUZZER}" ${common} ${seeds} RESULT_VARIABLE rc)
elseif(MODE STREQUAL "fuzz")
  if(DEFINED ENV{LAMINATE_FUZZ_SECONDS})
    set(SECONDS "$ENV{LAMINATE_FUZZ_SECONDS}")
  endif()
  if(NOT SECONDS)
    set(SECONDS 30)
  endif()
  set(corpus "${WORK}/corpus")
  file(REMOVE_RECURSE "${corpus}")
  file(MAKE_DIRECTORY "${corpus}")
  file(COPY ${seeds} DESTINATION "${corpus}")
  message(STATUS "fuzzing for ${SECONDS} s over a copy of ${SEEDS} in ${corpus}")
  execute_process(COMMAND "${FUZZER}" ${common} -max_total_time=${SECONDS}
                          -dict=${DICT} "${corpus}"
                  RESULT_VARIABLE rc)
else()
  message(FATAL_ERROR "MODE must be replay or fuzz, not '${MODE}'")
endif()

if(NOT rc EQUAL 0)
  file(GLOB found "${artifacts}/*")
  message(FATAL_ERROR "${FUZZER} failed (${rc}); artifacts: ${found}")
endif()
