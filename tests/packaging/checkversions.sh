#!/bin/bash
# One version everywhere: the project's (CMakeLists.txt project(VERSION),
# what the packages will carry) is what each program's --version prints and
# the AppStream metainfo's newest release.
#   checkversions.sh VERSION METAINFO PROGRAM...
set -u
version=$1
metainfo=$2
shift 2
status=0
for program in "$@"; do
    said=$(QT_QPA_PLATFORM=offscreen "$program" --version 2>&1 | head -1)
    case "$said" in
        *" $version") echo "$(basename "$program"): $said" ;;
        *) echo "$(basename "$program") --version says \"$said\", not $version"; status=1 ;;
    esac
done
newest=$(grep -o '<release version="[^"]*"' "$metainfo" | head -1 | sed 's/.*"\(.*\)"/\1/')
if [ "$newest" != "$version" ]; then
    echo "the metainfo's newest release is \"$newest\", not $version"
    status=1
else
    echo "metainfo: release $newest"
fi
exit $status
