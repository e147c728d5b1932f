#!/usr/bin/env bash
# k8s/stage.sh: makes k8s/build, the Docker build context of k8s/Dockerfile: the crosscheck jar and
# every jar of its class path (rubis-compat/target/launcher.classpath, as ./crosscheck runs it), the
# class path in that order (classpath.args), the image's launcher and the Dockerfile. Builds the jar
# first when sources changed (through ./crosscheck). Then: docker build -t REGISTRY/crosscheck:TAG k8s/build
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
"$root/crosscheck" --version >/dev/null
out="$here/build"
rm -rf "$out"
mkdir -p "$out/lib"
IFS=: read -ra jars <<<"$root/rubis-compat/target/crosscheck-rubis-compat-0.1.0-SNAPSHOT.jar:$(cat "$root/rubis-compat/target/launcher.classpath")"
entries=()
for jar in "${jars[@]}"; do
  name=$(basename "$jar")
  if [ -e "$out/lib/$name" ]; then
    echo "k8s/stage.sh: two jars named $name on the class path ($jar)" >&2
    exit 1
  fi
  cp "$jar" "$out/lib/$name"
  entries+=("/opt/crosscheck/lib/$name")
done
(IFS=:; printf -- '-cp %s\n' "${entries[*]}") >"$out/classpath.args"
cp "$here/crosscheck.sh" "$out/crosscheck"
cp "$here/Dockerfile" "$out/Dockerfile"
echo "k8s/stage.sh: ${#jars[@]} jars in $out; next: docker build -t REGISTRY/crosscheck:TAG $out"
