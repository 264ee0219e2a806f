# Installation (GNUInstallDirs) and the Debian packages built from it
# (CPack): `make package` configures the build for the prefix /usr and runs
# cpack (docs/guide/install.md). Two packages, one per component:
#   gpuwarden        the desktop, the command line, their .desktop file,
#                    metainfo, icon and man pages (translations are compiled
#                    into the desktop);
#   gpuwarden-agent  the agent, its systemd unit, its user (sysusers.d) and
#                    state folder (tmpfiles.d), agent.toml and policy.toml as
#                    conffiles, its man page.
# Why CPack and not debhelper: the packages are built from the build folder
# the tests ran on (no second build on a CI machine of 2 cores), with the
# install rules a from-source `cmake --install` uses; debhelper's part here
# (the service's enable/start/mask) is written out in the maintainer scripts.

include(GNUInstallDirs)

# Paths the system fixes, not the prefix: with the prefix /usr the unit goes
# where Debian 12 keeps units (/lib/systemd/system), the configuration to
# /etc; elsewhere (/usr/local) under the prefix, where systemd also looks.
if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
    set(GW_UNIT_DIR /lib/systemd/system)
else()
    set(GW_UNIT_DIR ${CMAKE_INSTALL_PREFIX}/lib/systemd/system)
endif()
set(GW_CONFIG_DIR ${CMAKE_INSTALL_FULL_SYSCONFDIR}/gpuwarden)
set(gw_res ${PROJECT_SOURCE_DIR}/resources)
set(gw_pkg ${gw_res}/packaging)
set(gw_out ${PROJECT_BINARY_DIR}/packaging)

# gpuwarden
install(TARGETS gpuwarden gpuwarden-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        COMPONENT desktop)
install(FILES ${gw_res}/gpuwarden.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications
        COMPONENT desktop)
install(FILES ${gw_res}/io.github.gpuwarden.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT desktop)
install(FILES ${gw_res}/icons/gpuwarden.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT desktop)

# gpuwarden-agent. The unit names the installed program and configuration.
install(TARGETS gpuwarden-agent RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT agent)
file(READ ${gw_res}/gpuwarden-agent.service gw_unit)
string(REPLACE "/usr/bin/gpuwarden-agent" "${CMAKE_INSTALL_FULL_BINDIR}/gpuwarden-agent" gw_unit
       "${gw_unit}")
string(REPLACE "/etc/gpuwarden/" "${GW_CONFIG_DIR}/" gw_unit "${gw_unit}")
file(CONFIGURE OUTPUT ${gw_out}/gpuwarden-agent.service CONTENT "${gw_unit}" @ONLY)
install(FILES ${gw_out}/gpuwarden-agent.service DESTINATION ${GW_UNIT_DIR} COMPONENT agent)
install(FILES ${gw_pkg}/gpuwarden-agent.sysusers DESTINATION lib/sysusers.d
        RENAME gpuwarden-agent.conf COMPONENT agent)
install(FILES ${gw_pkg}/gpuwarden-agent.tmpfiles DESTINATION lib/tmpfiles.d
        RENAME gpuwarden-agent.conf COMPONENT agent)
install(FILES ${gw_res}/agent.toml.example DESTINATION ${GW_CONFIG_DIR} RENAME agent.toml
        COMPONENT agent)
install(FILES ${gw_res}/policy.toml.example DESTINATION ${GW_CONFIG_DIR} RENAME policy.toml
        COMPONENT agent)

# The guide and the reference pages it links to, as the welcome panel
# opens them (window/welcomepanel.cpp); of the screenshots only the guide's
# own (all of docs/screenshots is 9 MB).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/guide DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gpuwarden
        COMPONENT desktop FILES_MATCHING PATTERN "*.md")
file(GLOB gw_doc_pages ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${gw_doc_pages} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gpuwarden COMPONENT desktop)
install(FILES ${PROJECT_SOURCE_DIR}/docs/screenshots/first-start-1024x700.png
              ${PROJECT_SOURCE_DIR}/docs/screenshots/first-start-1920x1080.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gpuwarden/screenshots COMPONENT desktop)

# Each package's copyright and changelog (Debian's places, also from
# source: a program's licence travels with it).
foreach(component desktop agent)
    if(component STREQUAL "desktop")
        set(pkg gpuwarden)
    else()
        set(pkg gpuwarden-agent)
    endif()
    install(FILES ${gw_pkg}/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
            COMPONENT ${component})
    install(FILES ${gw_out}/changelog.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
            COMPONENT ${component})
endforeach()

# Man pages from the programs' own --help (help2man), so they say what the
# programs do; what --help does not say (files, exit status, signals) comes
# from resources/man/*.h2m. Built with the programs where help2man is
# installed; the packages need them.
find_program(GW_HELP2MAN help2man)
find_program(GW_GZIP gzip REQUIRED)
set(gw_manpages)
add_custom_command(OUTPUT ${gw_out}/changelog.gz
    COMMAND ${GW_GZIP} -9nc ${gw_pkg}/changelog > ${gw_out}/changelog.gz
    DEPENDS ${gw_pkg}/changelog VERBATIM)
if(GW_HELP2MAN)
    foreach(entry "gpuwarden:1" "gpuwarden-cli:1" "gpuwarden-agent:8")
        string(REPLACE ":" ";" entry "${entry}")
        list(GET entry 0 program)
        list(GET entry 1 section)
        # In man's layout (manN/), so MANPATH can name the folder.
        set(page ${gw_out}/man/man${section}/${program}.${section}.gz)
        # Run by name from its folder, so the page says "gpuwarden", not the
        # build's path; offscreen, as the desktop's --help needs no display.
        add_custom_command(OUTPUT ${page}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${gw_out}/man/man${section}
            COMMAND ${CMAKE_COMMAND} -E env PATH=$<TARGET_FILE_DIR:${program}>:/usr/bin:/bin
                    QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
                    ${GW_HELP2MAN} --no-info --section=${section}
                    --include=${gw_res}/man/${program}.h2m
                    --output=${gw_out}/man/man${section}/${program}.${section} ${program}
            COMMAND ${GW_GZIP} -9nf ${gw_out}/man/man${section}/${program}.${section}
            DEPENDS ${program} ${gw_res}/man/${program}.h2m VERBATIM)
        list(APPEND gw_manpages ${page})
        if(program STREQUAL "gpuwarden-agent")
            set(component agent)
        else()
            set(component desktop)
        endif()
        install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section}
                COMPONENT ${component})
    endforeach()
else()
    message(STATUS "help2man not found: no man pages (make package needs them)")
endif()
add_custom_target(gw_docs_for_install ALL DEPENDS ${gw_manpages} ${gw_out}/changelog.gz)

# The packages.
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL desktop agent)
set(CPACK_PACKAGE_NAME gpuwarden)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# Each package's description's first line is its own summary.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE "")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "GPU Warden developers <gpuwarden@users.noreply.github.com>")
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# Dependencies from the programs' libraries (dpkg-shlibdeps); added by hand
# only what Qt loads at run time, which no linker sees: the SQLite driver
# (history, journal), the SVG icon engine (the desktop's icons).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_DESKTOP_PACKAGE_NAME gpuwarden)
set(CPACK_DEBIAN_DESKTOP_PACKAGE_DEPENDS "libqt6sql6-sqlite, libqt6svg6")
# Qt's own words (dialog buttons, the file dialog, --help) in the desktop's
# language (docs/desktop.md, "Language").
set(CPACK_DEBIAN_DESKTOP_PACKAGE_RECOMMENDS "qt6-translations-l10n")
set(CPACK_DEBIAN_DESKTOP_PACKAGE_SUGGESTS "gpuwarden-agent")
set(CPACK_DEBIAN_DESKTOP_DESCRIPTION
    "monitoring and admin for shared GPU servers (desktop and command line)
GPU Warden shows every GPU of every watched server: utilisation, memory,
temperature and power, who runs which process on it, and the history of
all of it. Its policies find GPU hogs, idle jobs holding GPUs, fair-share
breaches and failing GPUs; it keeps per-user token books and writes daily
reports.

This package holds the desktop application (gpuwarden) and the command
line (gpuwarden-cli), which also places jobs on free GPUs.")
set(CPACK_DEBIAN_AGENT_PACKAGE_NAME gpuwarden-agent)
set(CPACK_DEBIAN_AGENT_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_AGENT_PACKAGE_DEPENDS "libqt6sql6-sqlite, passwd")
set(CPACK_DEBIAN_AGENT_PACKAGE_RECOMMENDS "systemd")
set(CPACK_DEBIAN_AGENT_DESCRIPTION
    "GPU Warden's agent: a GPU server's readings over HTTP/JSON
gpuwarden-agent samples a server's GPUs (NVML, nvidia-smi or amdgpu) and
host, and serves the readings, their history, the policies' events, the
token books and job placement to GPU Warden desktops, job scripts and
Prometheus, behind bearer tokens.

It runs as the hardened gpuwarden-agent service under its own user, on
the loopback interface until told otherwise.")
set(CPACK_DEBIAN_AGENT_PACKAGE_CONTROL_EXTRA
    ${gw_pkg}/conffiles ${gw_pkg}/postinst ${gw_pkg}/prerm ${gw_pkg}/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
