#!/bin/sh
# Builds bench/cext/onecheck.c into the folder OUT (default: .build/cext at the repository root).
set -eu
here=$(dirname "$0")
out=${1:-.build/cext}
mkdir -p "$out"
include=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
suffix=$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
cc -O2 -shared -fPIC -I"$include" "$here/onecheck.c" -o "$out/rc_onecheck$suffix"
echo "$out/rc_onecheck$suffix"
