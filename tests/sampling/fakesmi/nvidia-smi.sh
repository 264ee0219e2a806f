#!/bin/sh
# Fake nvidia-smi for GPU Warden tests (POSIX sh, no other dependency).
# Replays CSV files from the scenario directory named by GW_FAKE_SMI_DIR:
#   query-gpu.csv            printed for --query-gpu=...
#   query-compute-apps.csv   printed for --query-compute-apps=...
#   query-gpu-health.csv     printed for the health query (--query-gpu=index,ecc.mode...;
#                            core/sampling/smihealth.cpp). Without it, each GPU of
#                            query-gpu.csv answers [N/A] to every field, as a GPU
#                            without ECC or remapping does
#   health-refused (optional) the health query is refused as a driver that lacks
#                            its fields refuses it (exit 2, "is not a valid field")
#   health-delay-seconds (optional) the health query alone waits this long first
#   list.txt                 printed for -L (MIG instances and their UUIDs)
#   query.txt                printed for -q (MIG instance ids, memory, processes)
#   exit-code (optional)     exit with this code after printing `stderr` to stderr
#   stderr (optional)        text for the failure above
#   delay-seconds (optional) wait this long first (timeout tests)
# The requested field list must equal the CSV header with " [unit]" removed,
# so a change in the sampler's query fails loudly instead of replaying stale data.
# See tests/sampling/README.md.

me="fake nvidia-smi"
dir=${GW_FAKE_SMI_DIR-}
if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    echo "$me: GW_FAKE_SMI_DIR is not set or not a directory: '$dir'" >&2
    exit 2
fi

kind=
fields=
format=
if [ $# -eq 1 ] && { [ "$1" = "-L" ] || [ "$1" = "-q" ]; }; then
    if [ -f "$dir/delay-seconds" ]; then
        sleep "$(cat "$dir/delay-seconds")"
    fi
    if [ -f "$dir/exit-code" ]; then
        if [ -f "$dir/stderr" ]; then
            cat "$dir/stderr" >&2
        fi
        exit "$(cat "$dir/exit-code")"
    fi
    if [ "$1" = "-L" ]; then file="$dir/list.txt"; else file="$dir/query.txt"; fi
    if [ ! -f "$file" ]; then
        echo "$me: scenario has no ${file##*/} for $1: $dir" >&2
        exit 2
    fi
    cat "$file"
    exit 0
fi
for arg in "$@"; do
    case $arg in
    --query-gpu=*) kind=query-gpu; fields=${arg#--query-gpu=} ;;
    --query-compute-apps=*) kind=query-compute-apps; fields=${arg#--query-compute-apps=} ;;
    --format=*) format=${arg#--format=} ;;
    *) echo "$me: unsupported argument: $arg" >&2; exit 2 ;;
    esac
done
if [ -z "$kind" ]; then
    echo "$me: only --query-gpu, --query-compute-apps, -L and -q are faked" >&2
    exit 2
fi
if [ "$format" != "csv,nounits" ]; then
    echo "$me: expected --format=csv,nounits, got '$format'" >&2
    exit 2
fi

if [ -f "$dir/delay-seconds" ]; then
    sleep "$(cat "$dir/delay-seconds")"
fi

if [ -f "$dir/exit-code" ]; then
    if [ -f "$dir/stderr" ]; then
        cat "$dir/stderr" >&2
    fi
    exit "$(cat "$dir/exit-code")"
fi

file="$dir/$kind.csv"
case $fields in
index,ecc.mode.current,*)
    if [ -f "$dir/health-delay-seconds" ]; then
        sleep "$(cat "$dir/health-delay-seconds")"
    fi
    if [ -f "$dir/health-refused" ]; then
        echo 'Field "remapped_rows.pending" is not a valid field to query.'
        echo
        exit 2
    fi
    if [ -f "$dir/query-gpu-health.csv" ]; then
        file="$dir/query-gpu-health.csv"
    else
        echo "$fields" | sed 's/,/, /g'
        na=$(echo "$fields" | sed -e 's/^index//' -e 's/,[^,]*/, [N\/A]/g')
        tail -n +2 "$dir/query-gpu.csv" | while IFS=, read -r index rest; do
            case $index in ''|*[!0-9]*) continue ;; esac
            echo "$index$na"
        done
        exit 0
    fi
    ;;
esac
if [ ! -f "$file" ]; then
    echo "$me: scenario has no $kind.csv: $dir" >&2
    exit 2
fi
if [ -s "$file" ]; then
    recorded=$(head -n 1 "$file" | tr -d '\r' | sed -e 's/ \[[^]]*\]//g' -e 's/, /,/g')
    if [ "$recorded" != "$fields" ]; then
        echo "$me: asked for --$kind=$fields" >&2
        echo "$me: but $file was recorded for --$kind=$recorded" >&2
        exit 2
    fi
fi
cat "$file"
