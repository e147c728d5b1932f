package io.crosscheck.wan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A WAN network for one run: a client network namespace (the generator and its live capture run
 * there, one 127.0.0.x source address per client class on its interface), a server namespace (the
 * server on 127.0.0.1), and between them a link emulated in this process ({@link WanLink}) because
 * this kernel has no {@code sch_netem}. Each namespace holds one TAP device created by this process
 * and moved there; its {@code lo} stays down and {@code route_localnet} is on, so 127.0.0.0/8
 * traffic goes over the TAP. Capturing on {@link #clientInterface()} inside {@link
 * #clientNamespace()} sees the client's frames before the emulated link: the client's wire.
 *
 * <p>Everything is named after this process's pid ({@code ccwan-PID-N-c}, {@code ccwan-PID-N-s},
 * TAPs {@code ccwPID-Nc} and {@code ccwPID-Ns}), so {@link #sweepStale()} can remove what a killed
 * run left. {@link #close()} removes it all, and so does a shutdown hook (Ctrl-C, SIGTERM) and a
 * failure inside {@link #open}. Needs root. Thread-safe.
 */
public final class WanNetwork implements AutoCloseable {
  /** The client classes' first source address is 127.0.0.(2 + 0); the server is 127.0.0.1. */
  private static final String SERVER_ADDRESS = "127.0.0.1";
  private static final String CLIENT_MAC = "02:cc:00:00:00:02";
  private static final String SERVER_MAC = "02:cc:00:00:00:01";
  private static final Pattern OURS = Pattern.compile("ccwan-(\\d+)-(\\d+)-[cs]");
  private static final int MAX_NETWORKS = 100;
  private static final int MAX_CLASSES = 200;
  private static final String MECHANISM = "userspace-tap";

  private final List<WanProfile> profiles;
  private final long seed;
  private final String clientNs;
  private final String serverNs;
  private final List<String> classAddresses = new ArrayList<>();
  private final List<String> created = new ArrayList<>();
  private final List<String> swept;
  private Tap clientTap;
  private Tap serverTap;
  private WanLink link;
  private String netemProbe = "not probed";
  private Thread hook;
  private boolean closed;

  private WanNetwork(List<WanProfile> profiles, long seed, int index, List<String> swept) {
    this.profiles = List.copyOf(profiles);
    this.seed = seed;
    this.swept = swept;
    long pid = ProcessHandle.current().pid();
    this.clientNs = "ccwan-" + pid + "-" + index + "-c";
    this.serverNs = "ccwan-" + pid + "-" + index + "-s";
    for (int i = 0; i < profiles.size(); i++) {
      classAddresses.add("127.0.0." + (2 + i));
    }
  }

  /**
   * Builds the network for {@code classes} (one client class each, in order) and starts the link.
   * Removes stale networks of ended processes first ({@link #sweepStale()}, one line on stderr when
   * it removed any). On failure, whatever was created is removed before the exception.
   *
   * @param seed the loss draws' seed: the same seed and traffic lose the same frames
   * @throws IOException one line: not root, or the command that failed and what it printed
   */
  public static WanNetwork open(List<WanProfile> classes, long seed) throws IOException {
    if (classes.isEmpty() || classes.size() > MAX_CLASSES) {
      throw new IllegalArgumentException("--wan needs 1.." + MAX_CLASSES + " profiles, not " + classes.size());
    }
    requireRoot();
    List<String> swept = sweepStale();
    if (!swept.isEmpty()) {
      System.err.println("crosscheck: removed WAN namespaces left by ended runs: " + String.join(", ", swept));
    }
    WanNetwork network;
    synchronized (WanNetwork.class) {
      network = new WanNetwork(classes, seed, freeIndex(), swept);
      try {
        // The hook first: a Ctrl-C while the network is being built removes what exists so far.
        network.hook = new Thread(network::close, "wan-close-" + network.clientNs);
        Runtime.getRuntime().addShutdownHook(network.hook);
        network.create(network.clientNs);
        network.create(network.serverNs);
      } catch (IOException | RuntimeException e) {
        network.close();
        throw e;
      }
    }
    try {
      network.build();
      return network;
    } catch (IOException | RuntimeException | Error e) {
      network.close();
      throw e;
    }
  }

  /** The namespace the generator and its capture run in. */
  public String clientNamespace() {
    return clientNs;
  }

  /** The namespace the server runs in, listening on {@link #serverAddress()}. */
  public String serverNamespace() {
    return serverNs;
  }

  /** The client's interface inside {@link #clientNamespace()}: the capture interface. */
  public String clientInterface() {
    return tapName('c');
  }

  /** The address the server listens on inside {@link #serverNamespace()}: {@code 127.0.0.1}. */
  public String serverAddress() {
    return SERVER_ADDRESS;
  }

  /** The source address of each client class, in the order of the profiles: 127.0.0.2, 127.0.0.3, ... */
  public List<String> classAddresses() {
    return List.copyOf(classAddresses);
  }

  /** {@code command} run inside namespace {@code ns}: {@code ip netns exec NS command...}. */
  public static List<String> inNamespace(String ns, List<String> command) {
    List<String> out = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    out.addAll(command);
    return out;
  }

  /**
   * The network for the run's record: the mechanism that applied the conditions and why, the
   * namespaces and interfaces, and per class its address, profile and counts in each direction
   * (frames, bytes, lost, dropped at the queue limit).
   */
  public synchronized WanDescription describe() {
    String reason = "conditions applied by crosscheck's own forwarder between two TAP devices"
        + " (loss, rate with a " + WanLink.QUEUE_LIMIT_FRAMES + "-frame queue, delay; MTU on the interfaces"
        + " and per-class routes); netem probe: " + netemProbe;
    List<WanDescription.ClientClass> classes = new ArrayList<>();
    for (int i = 0; i < profiles.size(); i++) {
      WanProfile p = profiles.get(i);
      classes.add(new WanDescription.ClientClass(classAddresses.get(i), p.label(), p.rttNanos(),
          p.upBitsPerSecond(), p.downBitsPerSecond(), p.lossPercent(), p.effectiveMtu(),
          link == null ? null : link.counts(i, true), link == null ? null : link.counts(i, false)));
    }
    return new WanDescription(MECHANISM, reason, clientNs, serverNs, clientInterface(), tapName('s'),
        SERVER_ADDRESS, seed, link != null && link.reniced() ? WanLink.NICE : 0, List.copyOf(swept),
        List.copyOf(classes), link == null ? null : link.unclassified(), link == null ? null : link.failure());
  }

  /**
   * Class {@code index}'s link counts in one direction ({@code up}: client to server) as they are
   * now; all zero before the link started.
   */
  public synchronized LinkCounts counts(int index, boolean up) {
    return link == null ? new LinkCounts(0, 0, 0, 0, 0) : link.counts(index, up);
  }

  /** The link's failure (a TAP that failed stops its direction), or null. */
  public synchronized String linkFailure() {
    return link == null ? null : link.failure();
  }

  /** Whether the forwarding threads got their higher priority ({@link WanLink#NICE}). */
  public synchronized boolean forwarderReniced() {
    return link != null && link.reniced();
  }

  /** What applied the conditions ({@code userspace-tap}) and the netem probe's answer, in words. */
  public synchronized String mechanism() {
    return MECHANISM + ": crosscheck's own forwarder between two TAP devices (loss, rate with a "
        + WanLink.QUEUE_LIMIT_FRAMES + "-frame queue, delay); netem probe: " + netemProbe;
  }

  /** {@code task} run on a thread inside {@link #clientNamespace()} ({@link Netns#call}). */
  public <T> T inClientNamespace(java.util.concurrent.Callable<T> task) throws IOException {
    return Netns.call(clientNs, task);
  }

  /**
   * Stops the link, closes the TAPs and deletes both namespaces. Idempotent; never throws (a
   * namespace that cannot be deleted is reported on stderr, and {@link #sweepStale()} gets it later).
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (link != null) {
      link.stop();
    }
    for (Tap t : new Tap[] {clientTap, serverTap}) {
      if (t != null) {
        t.close();
      }
    }
    for (String ns : created) {
      try {
        Commands.Result r = Commands.run(List.of("ip", "netns", "del", ns));
        if (!r.ok()) {
          System.err.println("crosscheck: `ip netns del " + ns + "` failed: " + r.output().replace('\n', ' '));
        }
      } catch (IOException e) {
        System.err.println("crosscheck: " + e.getMessage());
      }
    }
    if (hook != null && Thread.currentThread() != hook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs or ran this same close()
      }
    }
  }

  /**
   * Deletes every {@code ccwan-PID-*} namespace whose process is gone (a run killed with SIGKILL
   * left it), after stopping the processes still running in it ({@code ip netns pids}: the study's
   * lighttpd or Apache, an audit in the client namespace), SIGTERM then SIGKILL after {@link
   * #STOP_GRACE_MILLIS}: deleting a namespace does not end what runs in it. Its TAPs went with the
   * process.
   *
   * @return what was stopped ({@code process PID (COMMAND) in NS}) and the namespaces removed, for a
   *     line on stderr
   */
  public static List<String> sweepStale() {
    List<String> removed = new ArrayList<>();
    long self = ProcessHandle.current().pid();
    for (String ns : namespaces()) {
      Matcher m = OURS.matcher(ns);
      if (!m.matches()) {
        continue;
      }
      long pid = Long.parseLong(m.group(1));
      if (pid == self || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        continue;
      }
      removed.addAll(stopProcessesIn(ns));
      try {
        if (Commands.run(List.of("ip", "netns", "del", ns)).ok()) {
          removed.add(ns);
        }
      } catch (IOException e) {
        System.err.println("crosscheck: " + e.getMessage());
      }
    }
    return removed;
  }

  /** How long {@link #sweepStale()} waits after SIGTERM before SIGKILL. */
  static final long STOP_GRACE_MILLIS = 3_000;

  /** Stops every process in namespace {@code ns}; returns {@code process PID (COMMAND) in NS} for each. */
  private static List<String> stopProcessesIn(String ns) {
    List<ProcessHandle> found = new ArrayList<>();
    try {
      Commands.Result r = Commands.run(List.of("ip", "netns", "pids", ns));
      for (String line : r.ok() ? r.output().split("\n") : new String[0]) {
        if (line.strip().matches("\\d+")) {
          ProcessHandle.of(Long.parseLong(line.strip())).ifPresent(found::add);
        }
      }
    } catch (IOException e) {
      System.err.println("crosscheck: " + e.getMessage());
    }
    List<String> stopped = new ArrayList<>();
    for (ProcessHandle p : found) {
      String command = p.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?");
      stopped.add("process " + p.pid() + " (" + command + ") in " + ns);
      p.destroy();
    }
    long deadlineNanos = System.nanoTime() + STOP_GRACE_MILLIS * 1_000_000L;
    for (ProcessHandle p : found) {
      while (p.isAlive() && System.nanoTime() < deadlineNanos) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      if (p.isAlive()) {
        p.destroyForcibly();
      }
    }
    return stopped;
  }

  /** The TAP name of side {@code c} or {@code s}: {@code ccwPID-Nc}, at most 14 characters. */
  String tapName(char side) {
    return "ccw" + clientNs.substring("ccwan-".length(), clientNs.length() - 2) + side;
  }

  private void build() throws IOException {
    netemProbe = probeNetem();
    clientTap = Tap.create(tapName('c'));
    serverTap = Tap.create(tapName('s'));
    int linkMtu = profiles.stream().mapToInt(WanProfile::effectiveMtu).max().orElse(WanProfile.DEFAULT_MTU);
    configure(clientTap.name(), clientNs, CLIENT_MAC, linkMtu, classAddresses);
    configure(serverTap.name(), serverNs, SERVER_MAC, linkMtu, List.of(SERVER_ADDRESS));
    // Static neighbours: no ARP round trip inside the first measured exchange.
    Commands.check(List.of("ip", "-n", clientNs, "neigh", "replace", SERVER_ADDRESS, "lladdr", SERVER_MAC,
        "dev", clientTap.name(), "nud", "permanent"));
    int[] addresses = new int[profiles.size()];
    for (int i = 0; i < profiles.size(); i++) {
      String a = classAddresses.get(i);
      addresses[i] = 0x7f000000 | (2 + i);
      Commands.check(List.of("ip", "-n", serverNs, "neigh", "replace", a, "lladdr", CLIENT_MAC,
          "dev", serverTap.name(), "nud", "permanent"));
      int mtu = profiles.get(i).effectiveMtu();
      if (mtu < linkMtu) {
        // A class's smaller MTU: its routes in both namespaces carry it (and TCP's MSS with it).
        String table = Integer.toString(100 + i);
        Commands.check(List.of("ip", "-n", serverNs, "route", "replace", a + "/32", "dev", serverTap.name(),
            "mtu", "lock", Integer.toString(mtu)));
        Commands.check(List.of("ip", "-n", clientNs, "rule", "add", "from", a, "lookup", table));
        Commands.check(List.of("ip", "-n", clientNs, "route", "replace", "127.0.0.0/8", "dev", clientTap.name(),
            "src", a, "mtu", "lock", Integer.toString(mtu), "table", table));
      }
    }
    link = new WanLink(clientTap, serverTap, profiles, addresses, seed);
    link.start();
  }

  private void configure(String tap, String ns, String mac, int mtu, List<String> addresses) throws IOException {
    Commands.check(List.of("ip", "link", "set", "dev", tap, "netns", ns));
    Commands.check(inNamespace(ns, List.of("sysctl", "-q", "-w",
        "net.ipv4.conf.all.route_localnet=1", "net.ipv4.conf." + tap + ".route_localnet=1",
        "net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1",
        "net.ipv6.conf." + tap + ".disable_ipv6=1")));
    Commands.check(List.of("ip", "-n", ns, "link", "set", "dev", tap, "address", mac, "mtu",
        Integer.toString(mtu), "up"));
    for (String a : addresses) {
      Commands.check(List.of("ip", "-n", ns, "addr", "add", a + "/8", "dev", tap));
    }
  }

  /** Whether netem exists, tried on a throw-away veth inside the (still empty) client namespace. */
  private String probeNetem() throws IOException {
    Commands.check(List.of("ip", "-n", clientNs, "link", "add", "ccwprobe0", "type", "veth", "peer", "name",
        "ccwprobe1"));
    Commands.Result r = Commands.run(List.of("tc", "-n", clientNs, "qdisc", "add", "dev", "ccwprobe0", "root",
        "netem", "delay", "1ms"));
    Commands.check(List.of("ip", "-n", clientNs, "link", "del", "ccwprobe0"));
    return r.ok() ? "netem is available, but only the userspace link is implemented"
        : "netem unavailable (`tc qdisc add ... netem`: " + r.output().replace('\n', ' ') + ")";
  }

  private void create(String ns) throws IOException {
    Commands.check(List.of("ip", "netns", "add", ns));
    created.add(ns);
  }

  private static int freeIndex() throws IOException {
    List<String> existing = namespaces();
    long pid = ProcessHandle.current().pid();
    for (int n = 0; n < MAX_NETWORKS; n++) {
      String prefix = "ccwan-" + pid + "-" + n + "-";
      if (existing.stream().noneMatch(ns -> ns.startsWith(prefix))) {
        return n;
      }
    }
    throw new IOException("this process already has " + MAX_NETWORKS + " WAN networks open");
  }

  private static List<String> namespaces() {
    List<String> out = new ArrayList<>();
    try {
      Commands.Result r = Commands.run(List.of("ip", "netns", "list"));
      if (r.ok()) {
        for (String line : r.output().split("\n")) {
          String name = line.strip().split("\\s+")[0];
          if (!name.isEmpty()) {
            out.add(name);
          }
        }
      }
    } catch (IOException e) {
      // no ip command: nothing to list, and open() will fail with a clear line of its own
    }
    return out;
  }

  private static void requireRoot() throws IOException {
    List<String> status;
    try {
      status = Files.readAllLines(Path.of("/proc/self/status"));
    } catch (IOException e) {
      throw new IOException("--wan needs Linux network namespaces: cannot read /proc/self/status (" + e + ")");
    }
    for (String line : status) {
      if (line.startsWith("Uid:")) {
        String effective = line.split("\\s+")[2];
        if (!effective.equals("0")) {
          throw new IOException("--wan needs root (to create network namespaces and TAP devices);"
              + " running as uid " + effective);
        }
        return;
      }
    }
  }
}
