package io.crosscheck.jmh;

import io.crosscheck.agent.bootstrap.AgentConfig;
import io.crosscheck.agent.bootstrap.AgentControl;
import io.crosscheck.agent.bootstrap.Recorder;
import io.crosscheck.agent.bootstrap.UrlConnectionRecorder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The agent's cost per exchange inside the audited JVM (STYLE.md: timing goals are benchmarks): the
 * {@link Recorder} entry points the inlined advice calls, in the order one {@code HttpURLConnection}
 * exchange on a kept-alive connection calls them — connectionCall and getInputStreamEnter
 * ({@code getInputStream}), requestNamed ({@code writeRequests()}), requestWriteEnter, socketWrite,
 * requestWriteExit (the transport's {@code writeRequests}), a socket read of the reply head,
 * getInputStreamExit, three body reads (two with a socket read inside, the third the end of stream)
 * and bodyClosed — with a real recording running ({@link AgentControl#start}: the writer thread
 * formats and appends each exchange to requests.csv in a temp directory; no telemetry), kept from
 * falling behind by {@link #letTheWriterKeepUp}. One op = one exchange; goal ≤ 1 µs. Not included: the advice's own call overhead (inlined, a static call each)
 * and the JDK's work. The teardown prints the rows written and dropped (a full queue drops, which
 * would flatter the figure).
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar AgentAdviceBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AgentAdviceBenchmark {
  private Path dir;
  private long invocations;
  private HttpURLConnection huc;
  private final Object client = new Object();
  private final Socket socket = new Socket();
  private final InputStream stream = new ByteArrayInputStream(new byte[0]);

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("crosscheck-agent-bench-");
    AgentControl.start(AgentConfig.parse("out=" + dir + ",telemetryMillis=0"));
    AgentControl.activate(List.of("benchmark"), null);
    huc = (HttpURLConnection) new URL("http://127.0.0.1:8080/rubis_servlets/ViewItem?itemId=12").openConnection();
  }

  /**
   * Outside the measured time: every 256 exchanges, waits until the writer has taken all but 1,024
   * queued rows, so that the queue never fills (a full queue drops rows, and a dropped offer is
   * cheaper than a real one). JMH times each invocation for this (two nanoTime calls, ~50 ns,
   * not in the score but a little noise).
   */
  @Setup(Level.Invocation)
  public void letTheWriterKeepUp() throws InterruptedException {
    if ((++invocations & 255) == 0) {
      while (AgentControl.recordsQueued() > 1024) {
        Thread.sleep(0, 100_000);
      }
    }
  }

  @Benchmark
  public void exchange() {
    UrlConnectionRecorder.connectionCall(huc);
    boolean outermost = UrlConnectionRecorder.getInputStreamEnter();
    UrlConnectionRecorder.requestNamed(huc);
    UrlConnectionRecorder.requestWriteEnter(client, socket);
    Recorder.socketWrite(154);
    UrlConnectionRecorder.requestWriteExit();
    Recorder.socketRead(8192);
    UrlConnectionRecorder.getInputStreamExit(outermost, huc, stream, 200, null);
    for (int i = 0; i < 3; i++) {
      boolean body = UrlConnectionRecorder.bodyReadEnter();
      if (i < 2) {
        Recorder.socketRead(8192);
      }
      UrlConnectionRecorder.bodyReadExit(body, stream, i < 2 ? 4096 : -1);
    }
    UrlConnectionRecorder.bodyClosed(stream);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    AgentControl.stop("stop");
    String json = Files.readString(dir.resolve("agent.json"));
    System.out.println("agent: " + field(json, "requestRows") + " rows written, " + field(json, "recordsDropped")
        + " dropped, " + field(json, "adviceErrors") + " advice errors (" + dir + ")");
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }

  private static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\": (\\d+)").matcher(json);
    return m.find() ? m.group(1) : "?";
  }
}
