package io.crosscheck.foreign;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code /proc} says about processes that are not ours to hold a {@link Process} for: parent,
 * process group, listening sockets in a process's network namespace; and {@code kill(2)} through
 * JNA for a pid or a whole process group. Linux only. Stateless and thread-safe; every call reads
 * {@code /proc} afresh.
 */
public final class ProcessTable {
  /** SIGTERM. */
  public static final int SIGTERM = 15;
  /** SIGKILL. */
  public static final int SIGKILL = 9;
  private static final int ESRCH = 3;
  private static final Path PROC = Path.of("/proc");

  private ProcessTable() {}

  /** One line of {@code /proc/PID/stat}: the fields after the command name. */
  private record Stat(long pid, char state, long ppid, long pgid) {}

  /**
   * The pids whose parent is {@code ppid} (zombies excluded: they hold no resources but a slot).
   * Reads {@code /proc/PPID/task/TID/children} (ForeignServerTest prints what one {@link
   * ForeignServer#workers()} read costs), else scans every process's {@code stat}.
   */
  public static List<Long> children(long ppid) {
    List<Long> listed = listedChildren(ppid);
    if (listed != null) {
      return listed;
    }
    List<Long> out = new ArrayList<>();
    for (Stat s : all()) {
      if (s.ppid == ppid && s.state != 'Z') {
        out.add(s.pid);
      }
    }
    return out;
  }

  /** The children the kernel lists for {@code ppid}'s threads, or null when it cannot list them. */
  private static List<Long> listedChildren(long ppid) {
    Path tasks = PROC.resolve(Long.toString(ppid)).resolve("task");
    List<Long> out = new ArrayList<>();
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        String text = Files.readString(thread.resolve("children"), StandardCharsets.US_ASCII).strip();
        for (String pid : text.isEmpty() ? new String[0] : text.split(" ")) {
          Stat s = stat(Long.parseLong(pid));
          if (s != null && s.state != 'Z') {
            out.add(s.pid);
          }
        }
      }
    } catch (java.nio.file.NoSuchFileException e) {
      // the process is gone (no task directory): no children; or no children file: scan instead
      return Files.exists(tasks) ? null : out;
    } catch (IOException e) {
      return null;
    }
    return out;
  }

  /** Every live (non-zombie) process in process group {@code pgid}. */
  public static List<Long> inGroup(long pgid) {
    List<Long> out = new ArrayList<>();
    for (Stat s : all()) {
      if (s.pgid == pgid && s.state != 'Z') {
        out.add(s.pid);
      }
    }
    return out;
  }

  /** True while {@code pid} exists and is not a zombie. */
  public static boolean alive(long pid) {
    Stat s = stat(pid);
    return s != null && s.state != 'Z';
  }

  /**
   * True when a TCP socket in {@code pid}'s network namespace listens on {@code port} ({@code
   * /proc/PID/net/tcp} and {@code tcp6}, state 0A). Works whichever namespace the process is in,
   * without connecting to it.
   */
  public static boolean listens(long pid, int port) {
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    for (String table : List.of("tcp", "tcp6")) {
      try {
        for (String line : Files.readAllLines(PROC.resolve(Long.toString(pid)).resolve("net").resolve(table))) {
          String[] f = line.strip().split("\\s+");
          if (f.length > 3 && f[1].endsWith(hexPort) && f[3].equals("0A")) {
            return true;
          }
        }
      } catch (IOException e) {
        // the process is gone or has no IPv6 table: not listening there
      }
    }
    return false;
  }

  /** Sends {@code signal} to {@code pid}; false when there is no such process. */
  public static boolean signal(long pid, int signal) {
    return kill(pid, signal);
  }

  /** Sends {@code signal} to every process of group {@code pgid}; false when the group is empty. */
  public static boolean signalGroup(long pgid, int signal) {
    return pgid > 1 && kill(-pgid, signal);
  }

  private static boolean kill(long target, int signal) {
    try {
      Function.getFunction("c", "kill", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {(int) target, signal});
      return true;
    } catch (LastErrorException e) {
      if (e.getErrorCode() == ESRCH) {
        return false;
      }
      throw new IllegalStateException("kill(" + target + ", " + signal + ") failed, errno " + e.getErrorCode());
    }
  }

  private static List<Stat> all() {
    List<Stat> out = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumber(p.getFileName().toString()))) {
      for (Path dir : dirs) {
        Stat s = stat(Long.parseLong(dir.getFileName().toString()));
        if (s != null) {
          out.add(s);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list /proc: " + e.getMessage());
    }
    return out;
  }

  private static Stat stat(long pid) {
    String text;
    try {
      text = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    }
    // the command name may hold spaces and parentheses: the fields start after the last ')'
    String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
    return new Stat(pid, f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[2]));
  }

  private static boolean isNumber(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
