package io.crosscheck.agent;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The TCP ports a process listens on, from Linux's {@code /proc}: the socket inodes among its file
 * descriptors ({@code /proc/PID/fd/* -> socket:[INODE]}) that {@code /proc/PID/net/tcp} and {@code
 * tcp6} list in state LISTEN ({@code 0A}). Linux only; the caller's user must be able to read the
 * process's fd directory (the same user, or root).
 */
final class ListeningSockets {
  private ListeningSockets() {}

  static Set<Integer> tcpPorts(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Paths.get("/proc/" + pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String link = Files.readSymbolicLink(fd).toString();
          if (link.startsWith("socket:[")) {
            inodes.add(link.substring(8, link.length() - 1));
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    }
    Set<Integer> ports = new TreeSet<>();
    for (String table : List.of("tcp", "tcp6")) {
      Path file = Paths.get("/proc/" + pid + "/net/" + table);
      if (!Files.exists(file)) {
        continue;
      }
      List<String> lines = Files.readAllLines(file);
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
          String local = f[1];
          ports.add(Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
        }
      }
    }
    return ports;
  }
}
