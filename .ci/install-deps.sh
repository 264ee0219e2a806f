#!/usr/bin/env bash
# Installs the Debian 12 packages GPU Warden needs to build, test and run.
# Idempotent: asks apt only for what is missing; uses sudo when not root.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    # the linker (CMakeLists.txt: GW_LLD)
    lld
    qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-httpserver-dev qt6-websockets-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6sql6-sqlite qt6-qpa-plugins
    qtkeychain-qt6-dev libtomlplusplus-dev libgl-dev libvulkan-dev libqt6svg6
    # Qt's own words in German and Chinese (tests/ui/tst_translations)
    qt6-translations-l10n
    fonts-dejavu-core prometheus openssl prometheus-node-exporter wrk
    # keychain: qtkeychain reaches the Secret Service through libsecret; the
    # tests start their own dbus-daemon and gnome-keyring-daemon
    libsecret-1-0 gnome-keyring dbus-daemon
    # tests/report/tst_reportpdf reads the report's PDF back with pdfinfo,
    # pdftotext, pdffonts, pdftoppm and pdfimages
    poppler-utils
    # tests/faults: libfaketime steps a running agent's clock; mkfs.ext4,
    # losetup and fsfreeze give a disk that fills and a disk that stalls
    faketime e2fsprogs util-linux
    # tests/owners: a real Podman container (runc, an image made from
    # busybox-static) read through Podman's Docker-compatible API
    podman runc busybox-static
    # tests/owners: a real one-node Slurm, its jobs submitted as gwbob
    slurmctld slurmd slurm-client munge
    # tests/packaging: the unit, the metainfo and the .desktop file checked
    # as shipped (systemd-analyze, appstreamcli, desktop-file-validate)
    systemd appstream desktop-file-utils
    # tests/packaging: deploy/kubernetes's manifests parsed
    python3-yaml
    # make package: man pages from --help (help2man), the packages checked
    # (lintian), the runtime libraries found (dpkg-dev's dpkg-shlibdeps)
    help2man lintian dpkg-dev
    # tests/packaging/installcheck.sh: pgrep, and man for the man pages
    procps man-db
    # core/owners: the kubelet's pod-resources API is gRPC (protoc and
    # grpc_cpp_plugin generate its code at build time)
    libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
)

# The user whose Slurm jobs tests/owners submits (not a login).
if ! id gwbob >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        useradd --system --no-create-home --shell /usr/sbin/nologin gwbob
    elif command -v sudo >/dev/null; then
        sudo useradd --system --no-create-home --shell /usr/sbin/nologin gwbob
    fi
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
