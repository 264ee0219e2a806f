# cmake -DTARGET=name "-DLIBS=a|b|c" -DFORBIDDEN=regex -P checklibs.cmake
# Fails when a library TARGET links directly (LIBS, its LINK_LIBRARIES
# joined with "|") matches FORBIDDEN: what it may have only through
# another library.
string(REPLACE "|" ";" libs "${LIBS}")
set(hits "")
foreach(lib IN LISTS libs)
    if(lib MATCHES "${FORBIDDEN}")
        list(APPEND hits ${lib})
    endif()
endforeach()
if(hits)
    message(FATAL_ERROR "${TARGET} links directly what it must not (${FORBIDDEN}): ${hits}")
endif()
list(LENGTH libs count)
message(STATUS "${TARGET}: ${count} direct libraries, none matching ${FORBIDDEN}")
