# Configures, builds and runs one consumer project of tests/package/ (a ctest test).
#   cmake -DKIND=subdirectory|installed|pkgconfig -DSOURCE_DIR=<laminate> -DBUILD_DIR=<laminate build>
#         -DWORK=<scratch dir> -DCXX=<compiler> -DMAKE_PROGRAM=<ninja> -P run_consumer.cmake
#         -DVERSION=<laminate's version>
# For "installed" and "pkgconfig", BUILD_DIR is first installed (cmake --install) into WORK/prefix.
foreach(var KIND SOURCE_DIR BUILD_DIR WORK CXX MAKE_PROGRAM VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: -D${var}=... is required")
  endif()
endforeach()

function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} failed (${rc}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
# No build type: the subdirectory consumer compiles laminate unoptimized, which is quickest; the
# installed consumer links whatever configuration was installed.
set(consumer_args -G Ninja -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM} -DCMAKE_CXX_COMPILER=${CXX})
if(KIND STREQUAL "installed" OR KIND STREQUAL "pkgconfig")
  set(prefix "${WORK}/prefix")
  run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
  # Only the prefix: no user or system package registry, no other laminate on the machine.
  if(KIND STREQUAL "installed")
    list(APPEND consumer_args -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
         -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
  else()
    # Only the prefix's .pc files (and the system's, for re2 and libcurl).
    file(GLOB_RECURSE pc_files "${prefix}/laminate.pc")
    list(GET pc_files 0 pc_file)
    get_filename_component(pc_dir "${pc_file}" DIRECTORY)
    set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  endif()
elseif(KIND STREQUAL "subdirectory")
  list(APPEND consumer_args -DLAMINATE_SOURCE_DIR=${SOURCE_DIR})
else()
  message(FATAL_ERROR "KIND must be subdirectory, installed or pkgconfig, not '${KIND}'")
endif()

run("configure" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/package/${KIND}" -B "${WORK}/build"
    ${consumer_args})
run("build" "${CMAKE_COMMAND}" --build "${WORK}/build" --parallel 2)
run("run" "${WORK}/build/consumer")
if(NOT out STREQUAL "name=laminate sizes=3 version=${VERSION}\n")
  message(FATAL_ERROR "the consumer printed an unexpected result:\n${out}")
endif()
message(STATUS "${KIND} consumer: ${out}")
