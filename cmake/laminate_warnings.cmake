# Warnings are on for every laminate target and clean on g++ 12 and clang 14.
function(laminate_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
    -Wcast-align -Wunused -Woverloaded-virtual -Wimplicit-fallthrough)
  if(LAMINATE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
