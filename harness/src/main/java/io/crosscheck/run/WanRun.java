package io.crosscheck.run;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.child.ChildProcess;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.wan.LinkCounts;
import io.crosscheck.wan.WanNetwork;
import io.crosscheck.wan.WanProfile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One {@code run} or {@code audit} behind an emulated WAN link ({@code --wan PROFILE}): a {@link
 * WanNetwork} (client and server network namespaces joined by the link) made for the run and removed
 * after it, also after a failure, Ctrl-C or SIGTERM (its shutdown hook; a SIGKILLed run's network is
 * removed by the next run's sweep). The embedded server the run needs ({@code crosscheck serve}: the
 * generic one, {@code --rubis}'s site or {@code --tpcw}'s bookstore) runs in a child JVM in the server
 * namespace on 127.0.0.1:{@value #SERVER_PORT}; the generator is {@code crosscheck run} in a child JVM
 * in the client namespace, and an audit's capture runs in this process on the client's link
 * interface, opened from inside that namespace. Afterwards run.json gets the link's profile and what
 * it did ({@link RunJson.WanSection}); the comparison, in this process, reads it into the findings.
 */
public final class WanRun {
  /** The port the server listens on in its namespace (a fresh namespace: nothing else there). */
  public static final int SERVER_PORT = 8080;
  /** How long the embedded server may take to listen (a large RUBiS dataset is generated first). */
  private static final long LISTEN_TIMEOUT_NANOS = 120_000_000_000L;
  /** Options this process handles, or that the client namespace rules out; removed from the child's. */
  private static final Set<String> PARENT_ONLY = Set.of("--wan", "--jvm", "--jvm-opt", "--out", "--name",
      "--progress", "--into", "--interface", "--snaplen", "--capture-buffer", "--min-matched", "--jit-warm-up",
      "--check", "--check-rules", "--baseline", "--junit");

  private final WanProfile profile;
  private final String profileText;
  private final long seed;
  private final Served served;
  private final JvmChoice jvm;
  private final RunOutput output;
  private final List<String> childArgs;

  /**
   * @param original the command line as given ({@code run ...} or {@code audit ...})
   */
  public WanRun(WanProfile profile, String profileText, long seed, Served served, JvmChoice jvm, RunOutput output,
      List<String> original) {
    this.profile = profile;
    this.profileText = profileText;
    this.seed = seed;
    this.served = served;
    this.jvm = jvm;
    this.output = output;
    List<String> args = new ArrayList<>(List.of("run"));
    ChildRun.appendWithout(args, original, PARENT_ONLY, Set.of());
    // the client namespace has no loopback for the warm-up's in-process server, and a busy-polling loop would
    // take a core from the link's forwarder: the link's milliseconds dwarf both
    args.addAll(List.of("--jit-warm-up", "0"));
    if (original.stream().noneMatch(a -> a.equals("--layout") || a.startsWith("--layout="))) {
      args.addAll(List.of("--layout", "shared"));
    }
    this.childArgs = args;
  }

  /**
   * The embedded server that serves behind the link: the generic one, {@code --rubis}'s site or
   * {@code --tpcw}'s bookstore (with its sizes when the workload names them; null: the matrix's own).
   */
  public record Served(boolean rubis, boolean tpcw, Integer tpcwCustomers, Integer tpcwItems) {}

  /** What serves behind the link, in words. */
  public String serverKind() {
    return served.rubis() ? "embedded RUBiS server (crosscheck serve --rubis)"
        : served.tpcw() ? "embedded TPC-W bookstore (crosscheck serve --tpcw)"
        : "embedded generic server (crosscheck serve)";
  }

  private List<String> serverArgs() {
    List<String> args = new ArrayList<>(List.of("serve", "--bind", "127.0.0.1", "--port",
        String.valueOf(SERVER_PORT)));
    if (served.rubis()) {
      args.add("--rubis");
    } else if (served.tpcw()) {
      // the sizes the matrix's own bookstore has, unless the workload names them
      args.addAll(List.of("--tpcw", "-CUST", String.valueOf(served.tpcwCustomers() != null ? served.tpcwCustomers() : 1000),
          "-ITEM", String.valueOf(served.tpcwItems() != null ? served.tpcwItems() : 10000)));
    }
    return args;
  }

  /**
   * Builds the network, starts the server behind it and runs the generator in the client namespace
   * with {@code stage} around it (an audit's capture, moved into the client namespace by {@link
   * RunJob.Stage#followGenerator}; else none); records the link in run.json; removes the network.
   *
   * @throws IOException the network could not be built (not root, no TAP), the server did not
   *     listen, or the generator could not start
   */
  public ChildRun.Ran run(RunJob.Stage stage, PrintStream out) throws IOException {
    try (WanNetwork net = WanNetwork.open(List.of(profile), seed)) {
      RunDirectory dir = RunDirectory.create(output.outBase(), output.name());
      String server = serverKind() + " on " + net.serverAddress() + ":" + SERVER_PORT;
      out.println("crosscheck: run directory " + dir.path());
      boolean captured = stage.followGenerator(net.clientNamespace(), net.clientInterface());
      out.println("crosscheck: WAN link " + profile.label() + ": " + server + " in namespace " + net.serverNamespace()
          + "; the generator" + (captured ? " and the capture" : "") + " in "
          + net.clientNamespace() + " on " + net.clientInterface() + " (" + net.classAddresses().get(0) + ")");
      ChildJvm serverJvm = ChildJvm.builder(Path.of(System.getProperty("java.home")))
          .commandPrefix(WanNetwork.inNamespace(net.serverNamespace(), List.of()))
          .job(dir.path().resolve("server-job.json"), ChildRun.MAIN_CLASS, serverArgs())
          .outputFile(dir.path().resolve("server.out")).build();
      ChildRun.Ran ran;
      try (ChildProcess serverProcess = serverJvm.start()) {
        awaitListening(net, serverProcess, dir.path());
        List<String> args = new ArrayList<>(childArgs);
        args.addAll(List.of("--into", dir.path().toString(), "--progress",
            output.childProgressMode()));
        ran = ChildRun.executeInto(dir, jvm.home(), jvm.options(), args, stage, out,
            WanNetwork.inNamespace(net.clientNamespace(), List.of()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while the embedded server in " + net.serverNamespace()
            + " stopped");
      }
      record(dir.path(), net, server, out);
      return ran;
    }
  }

  /**
   * Waits until the server accepts a connection from the client namespace, across the link (one
   * connect, nothing sent; before any capture).
   */
  private static void awaitListening(WanNetwork net, ChildProcess server, Path dir) throws IOException {
    long deadlineNanos = System.nanoTime() + LISTEN_TIMEOUT_NANOS;
    while (true) {
      if (!server.isAlive()) {
        throw new IOException("the embedded server in " + net.serverNamespace() + " exited (code " + server.exitValue()
            + ") before listening: " + lastLine(dir.resolve("server.out")));
      }
      boolean listening = net.inClientNamespace(() -> {
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(net.serverAddress(), SERVER_PORT), 1000);
          return true;
        } catch (IOException e) {
          return false;
        }
      });
      if (listening) {
        return;
      }
      if (System.nanoTime() - deadlineNanos > 0) {
        throw new IOException("the embedded server in " + net.serverNamespace() + " did not listen on "
            + net.serverAddress() + ":" + SERVER_PORT + " within " + LISTEN_TIMEOUT_NANOS / 1_000_000_000L + " s: "
            + lastLine(dir.resolve("server.out")));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the embedded server in "
            + net.serverNamespace());
      }
    }
  }

  private static String lastLine(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      return lines.isEmpty() ? "(" + file + " is empty)" : lines.get(lines.size() - 1) + " (" + file + ")";
    } catch (IOException e) {
      return "(" + file + " unreadable: " + e.getMessage() + ")";
    }
  }

  /** run.json's WAN section (when the child wrote run.json) and one line on {@code out}. */
  private void record(Path dir, WanNetwork net, String server, PrintStream out) throws IOException {
    LinkCounts up = net.counts(0, true);
    LinkCounts down = net.counts(0, false);
    RunJson.WanSection section = new RunJson.WanSection(profileText, profile.label(), profile.rttNanos(),
        profile.upBitsPerSecond(), profile.downBitsPerSecond(), profile.lossPercent(), profile.effectiveMtu(), seed,
        net.mechanism(), net.clientNamespace(), net.clientInterface(), net.classAddresses().get(0),
        net.serverNamespace(), server, link(up), link(down), net.linkFailure());
    if (Files.exists(dir.resolve(RunFiles.RUN_JSON))) {
      RunFiles.writeRun(dir, RunFiles.readRun(dir).withWan(section));
    }
    out.println(String.format(Locale.ROOT, "crosscheck: WAN link %s: client to server %,d frames (%,d delayed, %,d"
        + " lost, %,d dropped at the queue), server to client %,d frames (%,d delayed, %,d lost, %,d dropped at the"
        + " queue); counted by the link's forwarder, in run.json wan", profile.label(), up.frames(),
        up.delayedFrames(), up.lostFrames(), up.queueDroppedFrames(), down.frames(), down.delayedFrames(),
        down.lostFrames(), down.queueDroppedFrames()));
    if (net.linkFailure() != null) {
      out.println("crosscheck: the WAN link failed during the run: " + net.linkFailure());
    }
  }

  private static RunJson.LinkSection link(LinkCounts c) {
    return new RunJson.LinkSection(c.frames(), c.bytes(), c.delayedFrames(), c.lostFrames(), c.queueDroppedFrames(),
        c.largestFrameBytes());
  }
}
