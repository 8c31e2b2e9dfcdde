#!/bin/sh
# Finds a JDK that can build and run Muster (Java 21 or newer).
#
# The one place this logic lives: ./mvnw, ./muster and .ci/run all source this file.
#
#   . bin/find-jdk.sh
#   JAVA_HOME="$(muster_find_jdk)" || exit 1
#   export JAVA_HOME
#
# Search order, first match wins:
#   1. $JAVA_HOME, if it is a JDK >= 21
#   2. `java` on PATH (symlinks resolved), if it belongs to a JDK >= 21
#   3. the newest JDK >= 21 under /usr/lib/jvm/* (Debian, Ubuntu, Fedora, ...)
#   4. on macOS, /usr/libexec/java_home -v 21+
# A JDK is a directory with bin/java and bin/javac. Nothing found: a message on stderr, status 1.
#
# POSIX sh on purpose (./mvnw runs under /bin/sh). Executing this file prints the JDK path.

MUSTER_MIN_JAVA=21

# muster_java_version DIR: prints the full version (21.0.4, 25.0.3, 1.8.0_402, ...) of the JDK in DIR.
muster_java_version() {
  _mjv_v=''
  if [ -r "$1/release" ]; then
    _mjv_v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$1/release" 2>/dev/null | head -n 1)"
  fi
  if [ -z "$_mjv_v" ]; then
    # No release file: ask the JVM. First line looks like: openjdk version "21.0.4" 2024-07-16
    _mjv_v="$("$1/bin/java" -version 2>&1 | sed -n 's/^.* version "\([^"]*\)".*/\1/p' | head -n 1)"
  fi
  [ -n "$_mjv_v" ] || return 1
  printf '%s\n' "$_mjv_v"
}

# muster_java_major DIR: prints the feature version (17, 21, 25, ...) of the JDK in DIR.
muster_java_major() {
  _mjm_v="$(muster_java_version "$1")" || return 1
  case "$_mjm_v" in
    1.*) _mjm_v="${_mjm_v#1.}" ;; # 1.8.0_402 -> 8
  esac
  _mjm_v="${_mjm_v%%[!0-9]*}"
  [ -n "$_mjm_v" ] || return 1
  printf '%s\n' "$_mjm_v"
}

# muster_jdk_ok DIR: true if DIR is a JDK (bin/java and bin/javac) of version >= 21.
muster_jdk_ok() {
  [ -n "$1" ] && [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  _mjo_major="$(muster_java_major "$1")" || return 1
  [ "$_mjo_major" -ge "$MUSTER_MIN_JAVA" ] 2>/dev/null
}

# muster_resolve_path FILE: FILE with all symlinks resolved (readlink -f where available).
muster_resolve_path() {
  if _mrp_r="$(readlink -f "$1" 2>/dev/null)" && [ -n "$_mrp_r" ]; then
    printf '%s\n' "$_mrp_r"
    return 0
  fi
  _mrp_f="$1"
  while [ -L "$_mrp_f" ]; do
    # shellcheck disable=SC2012 # fallback for systems without readlink -f
    _mrp_l="$(ls -ld "$_mrp_f" | sed 's/.* -> //')"
    case "$_mrp_l" in
      /*) _mrp_f="$_mrp_l" ;;
      *) _mrp_f="$(dirname "$_mrp_f")/$_mrp_l" ;;
    esac
  done
  printf '%s\n' "$_mrp_f"
}

# muster_find_jdk: prints the JAVA_HOME to use, or explains what to install and returns 1.
# Best called as $(muster_find_jdk): it runs in a subshell then and leaves no variables behind.
muster_find_jdk() {
  case "$-" in
    *f*) # noglob is on (the standard mvnw sets -f): the /usr/lib/jvm/* loop needs globbing
      set +f
      muster_find_jdk_globbing && _mfj_rc=0 || _mfj_rc=$?
      set -f
      return "$_mfj_rc" ;;
    *) muster_find_jdk_globbing ;;
  esac
}

muster_find_jdk_globbing() {
  # 1. JAVA_HOME
  if [ -n "${JAVA_HOME-}" ] && muster_jdk_ok "$JAVA_HOME"; then
    printf '%s\n' "$JAVA_HOME"
    return 0
  fi

  # 2. java on PATH (for example /usr/bin/java -> /etc/alternatives/java -> /usr/lib/jvm/X/bin/java)
  if _mfj_java="$(command -v java 2>/dev/null)" && [ -n "$_mfj_java" ]; then
    _mfj_home="$(dirname "$(dirname "$(muster_resolve_path "$_mfj_java")")")"
    if muster_jdk_ok "$_mfj_home"; then
      printf '%s\n' "$_mfj_home"
      return 0
    fi
  fi

  # 3. newest JDK under /usr/lib/jvm
  _mfj_best='' _mfj_best_major=0
  for _mfj_dir in /usr/lib/jvm/*; do
    [ -d "$_mfj_dir" ] || continue
    [ -x "$_mfj_dir/bin/javac" ] || continue
    _mfj_major="$(muster_java_major "$_mfj_dir")" || continue
    if [ "$_mfj_major" -ge "$MUSTER_MIN_JAVA" ] 2>/dev/null && [ "$_mfj_major" -gt "$_mfj_best_major" ]; then
      _mfj_best="$_mfj_dir" _mfj_best_major="$_mfj_major"
    fi
  done
  if [ -n "$_mfj_best" ]; then
    printf '%s\n' "$_mfj_best"
    return 0
  fi

  # 4. macOS
  if [ -x /usr/libexec/java_home ] &&
    _mfj_home="$(/usr/libexec/java_home -v "$MUSTER_MIN_JAVA+" 2>/dev/null)" &&
    muster_jdk_ok "$_mfj_home"; then
    printf '%s\n' "$_mfj_home"
    return 0
  fi

  {
    echo "Muster needs a JDK $MUSTER_MIN_JAVA or newer, and none was found."
    _mfj_java="$(command -v java 2>/dev/null)" || _mfj_java=''
    if [ -n "$_mfj_java" ]; then
      _mfj_java="$_mfj_java, Java $(muster_java_major "$(dirname "$(dirname "$(muster_resolve_path "$_mfj_java")")")" || echo '?')"
    fi
    _mfj_jh="${JAVA_HOME:-unset}"
    if [ -n "${JAVA_HOME-}" ]; then
      _mfj_jh="$JAVA_HOME, $( [ -x "$JAVA_HOME/bin/java" ] && { muster_java_major "$JAVA_HOME" | sed 's/^/Java /'; } || echo 'no bin/java')"
    fi
    echo "  Looked at: JAVA_HOME (${_mfj_jh}), 'java' on PATH (${_mfj_java:-none}), /usr/lib/jvm/*."
    echo "  Install one and run again, for example:"
    echo "    Debian 13 / Ubuntu 24.04:  sudo apt-get install openjdk-21-jdk-headless"
    echo "    Fedora / RHEL:             sudo dnf install java-21-openjdk-devel"
    echo "    macOS:                     brew install openjdk@21"
    echo "    anywhere:                  a Temurin JDK from https://adoptium.net"
    echo "  or point JAVA_HOME at an installed JDK $MUSTER_MIN_JAVA+ (export JAVA_HOME=/path/to/jdk)."
  } >&2
  return 1
}

# Executed rather than sourced: print the JDK (handy for `export JAVA_HOME="$(bin/find-jdk.sh)"`).
case "${0##*/}" in
  find-jdk.sh) muster_find_jdk ;;
esac
