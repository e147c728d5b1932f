package io.crosscheck.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two "hosts" for a test: a client and a server network namespace joined by a veth pair whose
 * addresses are in 127.0.0.0/8 ({@value #CLIENT_ADDRESS} and {@value #SERVER_ADDRESS}, interface
 * {@value #INTERFACE} on both sides), built and removed by {@code scripts/two-hosts.sh}. Traffic from
 * the client to {@link #SERVER_ADDRESS} crosses the veth (Ethernet frames, a real link interface),
 * while 127.0.0.1 stays local in each namespace. Nothing here can reach an address outside
 * 127.0.0.0/8: the namespaces have no other interface.
 *
 * <p>Names end in this JVM's pid ({@code cc2h-N-PID-c}), so a killed test's namespaces are swept by
 * the next {@link #open}. {@link #close} (and a shutdown hook) removes both. Needs root.
 */
final class TwoHosts implements AutoCloseable {
  static final String CLIENT_ADDRESS = "127.0.9.1";
  static final String SERVER_ADDRESS = "127.0.9.2";
  static final String INTERFACE = "cc0";
  private static final String PREFIX = "cc2h-";
  private static final AtomicInteger NEXT = new AtomicInteger();

  private final String name;
  private final Thread hook;
  private boolean closed;

  private TwoHosts(String name) {
    this.name = name;
    this.hook = new Thread(() -> script("down", name), "two-hosts-cleanup");
  }

  /** Creates both namespaces and the link between them (after sweeping a killed test's leftovers). */
  static TwoHosts open() throws IOException {
    script("sweep", PREFIX);
    TwoHosts hosts = new TwoHosts(PREFIX + NEXT.incrementAndGet() + "-" + ProcessHandle.current().pid());
    String failure = script("up", hosts.name);
    if (failure != null) {
      script("down", hosts.name);
      throw new IOException("scripts/two-hosts.sh up " + hosts.name + " failed: " + failure);
    }
    Runtime.getRuntime().addShutdownHook(hosts.hook);
    return hosts;
  }

  String clientNamespace() {
    return name + "-c";
  }

  String serverNamespace() {
    return name + "-s";
  }

  /** {@code ip netns exec CLIENT}: the wrapper that runs a command on the client host. */
  List<String> onClient() {
    return List.of("ip", "netns", "exec", clientNamespace());
  }

  /** {@code ip netns exec CLIENT taskset -c CPU}: a command on a client host of one core. */
  List<String> onClient(int cpu) {
    return List.of("ip", "netns", "exec", clientNamespace(), "taskset", "-c", Integer.toString(cpu));
  }

  /** {@code ip netns exec SERVER taskset -c CPU}: a command on the server host, pinned to {@code cpu}. */
  List<String> onServer(int cpu) {
    return List.of("ip", "netns", "exec", serverNamespace(), "taskset", "-c", Integer.toString(cpu));
  }

  /** Whether the namespace exists now (a test asserts that close removed it). */
  static boolean exists(String namespace) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(10, TimeUnit.SECONDS);
    return out.lines().anyMatch(l -> l.split(" ")[0].equals(namespace));
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    script("down", name);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs (or ran) anyway
    }
  }

  /** Runs {@code two-hosts.sh ARGS}; null when it succeeded, else what it printed. */
  private static String script(String... args) {
    List<String> command = new ArrayList<>();
    command.add(scriptPath().toString());
    command.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "did not end within 30 s";
      }
      return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out;
    } catch (IOException e) {
      return e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private static Path scriptPath() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("scripts/two-hosts.sh");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("scripts/two-hosts.sh not found above " + Paths.get("").toAbsolutePath());
  }
}
