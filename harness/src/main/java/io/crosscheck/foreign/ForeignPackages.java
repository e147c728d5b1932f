package io.crosscheck.foreign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Installs a foreign server's Debian package when it is missing, as {@code scripts/prereqs.sh}
 * does for the launcher: as root with {@code apt-get install} (an {@code apt-get update} and a second
 * try when the first fails), otherwise a one-line error with the exact command. Debian's packages
 * start their system service on install (apache2 and lighttpd both listen on :80): while we install,
 * a {@code /usr/sbin/policy-rc.d} that answers 101 (Debian's "action forbidden") keeps them from
 * starting, and a service that started anyway is stopped. Our servers never use that service or
 * its configuration. One install at a time in this JVM.
 */
final class ForeignPackages {
  private static final Path POLICY = Path.of("/usr/sbin/policy-rc.d");
  private static final long APT_TIMEOUT_SECONDS = 300;

  private ForeignPackages() {}

  /** True when this process runs as root (uid 0). */
  static boolean root() {
    try {
      return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** Makes sure {@code flavour}'s binary is there, installing its package as root. */
  static synchronized void ensureInstalled(ServerFlavour flavour) throws ForeignServerException {
    if (Files.isExecutable(flavour.binary())) {
      return;
    }
    String pkg = flavour.debianPackage();
    String command = "DEBIAN_FRONTEND=noninteractive apt-get install -y " + pkg;
    if (!root()) {
      throw new ForeignServerException(flavour.binary() + " is missing and only root can install it; run as root: " + command);
    }
    boolean ownPolicy = false;
    try {
      if (!Files.exists(POLICY)) {
        Files.writeString(POLICY, "#!/bin/sh\n# crosscheck: no service starts while it installs a study server\nexit 101\n");
        Files.setPosixFilePermissions(POLICY, PosixFilePermissions.fromString("rwxr-xr-x"));
        ownPolicy = true;
      }
      String failure = apt("install", "-y", "-q", "--no-install-recommends", pkg);
      if (failure != null) {
        apt("update", "-q");
        failure = apt("install", "-y", "-q", "--no-install-recommends", pkg);
      }
      if (failure != null || !Files.isExecutable(flavour.binary())) {
        throw new ForeignServerException("'" + command + "' failed: " + (failure == null ? flavour.binary() + " still missing" : failure));
      }
    } catch (IOException e) {
      throw new ForeignServerException("installing " + pkg + " failed: " + e.getMessage());
    } finally {
      if (ownPolicy) {
        try {
          Files.deleteIfExists(POLICY);
        } catch (IOException e) {
          // left behind: it only keeps services from starting on later installs
        }
      }
    }
    stopService(pkg);
  }

  /** Stops the package's system service if it runs (Debian's pid file is there). */
  private static void stopService(String pkg) {
    Path pid = pkg.equals("apache2") ? Path.of("/run/apache2/apache2.pid") : Path.of("/run/lighttpd.pid");
    if (Files.exists(pid)) {
      run(List.of("service", pkg, "stop"), 30);
    }
  }

  /** Runs apt-get; null on success, else its last output line. */
  private static String apt(String... args) {
    List<String> cmd = new ArrayList<>(List.of("apt-get"));
    cmd.addAll(List.of(args));
    return run(cmd, APT_TIMEOUT_SECONDS);
  }

  private static String run(List<String> cmd, long timeoutSeconds) {
    try {
      Path log = Files.createTempFile("crosscheck-apt", ".log");
      try {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          return String.join(" ", cmd) + " took more than " + timeoutSeconds + " s";
        }
        if (p.exitValue() == 0) {
          return null;
        }
        String[] lines = Files.readString(log, StandardCharsets.UTF_8).strip().split("\n");
        return String.join(" ", cmd) + " exited " + p.exitValue() + ": " + lines[lines.length - 1];
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException e) {
      return String.join(" ", cmd) + ": " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return String.join(" ", cmd) + ": interrupted";
    }
  }
}
