# CTest "install-consumer": chronometry as a user's own project gets it.
#   1. cmake --install the build into a fresh temporary prefix;
#   2. configure, build and run examples/your-own (find_package(chronometry), a complete
#      CMakeLists.txt and my-simulation.cc) against that prefix only;
#   3. run <prefix>/bin/chronometry-study (one replay point) with LD_LIBRARY_PATH unset: its
#      rpath reaches the installed library and ns-3;
#   4. run examples/your-own/my_simulation.py with the installed Python module, and check that
#      it was imported from the prefix (not from the build tree) and that no LD_LIBRARY_PATH
#      was needed (the compiled module's rpath, from the package's directory, reaches the
#      installed library and ns-3); the package's submodules, stubs (chronometry/*.pyi) and
#      py.typed and the sweep package are installed, and the sweep package imports from there.
#
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DPYTHON=... -DWITH_PYTHON=0|1 -DCXX=...
#         [-DLAUNCHER=ccache] -P check-install.cmake
set(work ${BUILD_DIR}/install-check)
set(prefix ${work}/prefix)
file(REMOVE_RECURSE ${work})
file(MAKE_DIRECTORY ${work})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("$ ${ARGN}\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install-consumer: failed (exit ${rc}): ${ARGN}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(expected include/ns3/chronometry-module.h include/ns3/bounded-skew-clock.h
                 bin/chronometry-study)
  if(NOT EXISTS ${prefix}/${expected})
    message(FATAL_ERROR "install-consumer: ${expected} not installed")
  endif()
endforeach()
file(GLOB_RECURSE config ${prefix}/*/chronometryConfig.cmake)
file(GLOB_RECURSE library ${prefix}/*/libns*-chronometry*.so)
if(NOT config OR NOT library)
  message(FATAL_ERROR "install-consumer: no package config (${config}) or library (${library})")
endif()

# The consumer sees the prefix only (no build tree), with the compiler of this build.
set(launcher)
if(LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/your-own -B ${work}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} ${launcher}
    -DCMAKE_BUILD_TYPE=RelWithDebInfo)
run(${CMAKE_COMMAND} --build ${work}/consumer -j 2)
run(${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${work}/consumer/my-simulation --nodes=3
    --duration=500ms)
if(NOT last_output MATCHES "happened-before kept by RepCl, HVC and HLC: yes")
  message(FATAL_ERROR "install-consumer: the consumer program did not report its checks")
endif()

# The installed command-line program, run from the prefix (not the build tree) on its own rpath:
# one point of the replay study, its CSV header and row on standard output.
run(${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${prefix}/bin/chronometry-study
    --study=replay --Nodes=4 --Duration=100ms --output=csv)
string(STRIP "${last_output}" study_output)
string(REGEX REPLACE "[^\n]" "" newlines "${study_output}")
string(LENGTH "${newlines}" n_lines)
math(EXPR n_lines "${n_lines} + 1")
if(NOT n_lines EQUAL 2)
  message(FATAL_ERROR "install-consumer: ${prefix}/bin/chronometry-study printed ${n_lines} lines "
                      "(expected a CSV header and one row)")
endif()

if(WITH_PYTHON)
  file(GLOB pydirs ${prefix}/lib/python3*/dist-packages)
  if(NOT pydirs)
    message(FATAL_ERROR "install-consumer: no Python module under ${prefix}/lib/python3*")
  endif()
  run(${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH PYTHONPATH=${pydirs}
      ${PYTHON} ${SOURCE_DIR}/examples/your-own/my_simulation.py --nodes 4 --runs 1
      --duration-ms 100)
  string(FIND "${last_output}" "chronometry from ${prefix}/" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "install-consumer: Python imported chronometry from elsewhere than ${prefix}")
  endif()
  # The package (its compiled module, submodules, stubs and py.typed) and the sweep package.
  foreach(expected chronometry/__init__.py chronometry/clock.py chronometry/__init__.pyi
                   chronometry/sync.pyi chronometry/py.typed chronometry_sweep/__init__.py
                   chronometry_sweep/py.typed)
    if(NOT EXISTS ${pydirs}/${expected})
      message(FATAL_ERROR "install-consumer: ${expected} not installed in ${pydirs}")
    endif()
  endforeach()
  # (no ';' in the script: run() would split it there)
  run(${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH PYTHONPATH=${pydirs} ${PYTHON} -c
      "import chronometry_sweep as cs\nprint('chronometry_sweep from', cs.__file__, sorted(cs.STUDIES))")
  string(FIND "${last_output}" "chronometry_sweep from ${pydirs}/chronometry_sweep/" at)
  string(FIND "${last_output}" "'relation-graph'" graph)
  if(at EQUAL -1 OR graph EQUAL -1)
    message(FATAL_ERROR "install-consumer: chronometry_sweep not imported from ${pydirs}, or "
                        "without the studies: ${last_output}")
  endif()
endif()
message("install-consumer: installed into ${prefix}; chronometry-study, the consumer project and "
        "the Python script ran")
