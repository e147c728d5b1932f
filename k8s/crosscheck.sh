#!/bin/sh
# crosscheck inside the image (k8s/Dockerfile): the class path that k8s/stage.sh staged, in the
# launcher's order, and the launcher's JVM options unless CROSSCHECK_JAVA_OPTS replaces them (the
# manifests of `crosscheck k8s` set it from --heap); the launcher's metadata threshold always.
exec java -XX:MetaspaceSize=128m ${CROSSCHECK_JAVA_OPTS:--Xms1536m -Xmn1g} @/opt/crosscheck/classpath.args io.crosscheck.cli.Main "$@"
