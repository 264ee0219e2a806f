#!/bin/bash
# The desktop's metadata as shipped: the AppStream metainfo passes
# `appstreamcli validate --pedantic` (no network: URLs are not fetched) and
# the .desktop file `desktop-file-validate`, each silent. Skipped (77) when
# neither tool is installed; each runs where it is.
#   checkmetadata.sh METAINFO DESKTOP
set -u
metainfo=$1
desktop=$2
ran=0
if command -v appstreamcli >/dev/null 2>&1; then
    ran=1
    said=$(appstreamcli validate --no-net --pedantic "$metainfo" 2>&1) || { echo "$said"; exit 1; }
    echo "appstreamcli validate --pedantic: $(echo "$said" | tail -1)"
fi
if command -v desktop-file-validate >/dev/null 2>&1; then
    ran=1
    said=$(desktop-file-validate "$desktop" 2>&1)
    if [ $? -ne 0 ] || [ -n "$said" ]; then
        echo "desktop-file-validate:"
        echo "$said"
        exit 1
    fi
    echo "desktop-file-validate: clean"
fi
[ $ran -eq 1 ] || { echo "neither appstreamcli nor desktop-file-validate is installed: skipped"; exit 77; }
echo ok
