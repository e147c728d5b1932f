package io.crosscheck.agent.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.agent.AgentFiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The properties every hook family's rows must have for a run of the hook targets. */
final class HookAssertions {
  private HookAssertions() {}

  /**
   * Asserts the rows of a target run of {@code perThread} GETs on each of {@code threadNames},
   * alternating {@code /static/BODY} and {@code /chunked/BODY}, against a server that accepted
   * {@code connectionsAccepted} connections meanwhile. Returns a one-line summary of the figures.
   */
  static String assertRows(HookRun run, List<String> threadNames, int perThread, int bodyBytes,
      long connectionsAccepted) {
    assertEquals(0, run.exitCode, "the target failed:\n" + run.output);
    List<AgentFiles.Row> rows = run.rows;
    assertEquals(threadNames.size() * perThread, rows.size(), "one row per request; the target printed:\n"
        + run.output + "\nagent.json:\n" + run.agentJson);
    for (AgentFiles.Row r : rows) {
      String where = "row " + r;
      assertEquals("ok", r.get("outcome"), where);
      assertEquals("200", r.get("status"), where);
      assertEquals("GET", r.get("method"), where);
      assertEquals("measure", r.get("phase"), where);
      assertTrue(r.get("connectionId").matches("127\\.0\\.0\\.1:\\d+"), where);
      assertTrue(r.num("responseBytes") >= bodyBytes, "responseBytes >= body length: " + where);
      assertTrue(r.num("requestBytes") > 0, "requestBytes > 0: " + where);
      long intended = r.num("intendedStartNanos");
      long send = r.num("sendStartNanos");
      long first = r.num("firstByteNanos");
      long last = r.num("lastByteNanos");
      assertTrue(intended > 0 && intended <= send && send <= first && first <= last,
          "intendedStart <= sendStart <= firstByte <= lastByte: " + where);
      long close = r.num("closeNanos");
      assertTrue(close == -1 || close >= last, "closeNanos -1 or after the last byte: " + where);
    }
    // threads: each made its requests, numbered 0..N-1 in the order it made them
    Map<String, List<AgentFiles.Row>> byThread = rows.stream()
        .collect(Collectors.groupingBy(r -> r.get("thread"), TreeMap::new, Collectors.toList()));
    assertEquals(new TreeMap<>(threadNames.stream().collect(Collectors.toMap(t -> t, t -> perThread))),
        new TreeMap<>(byThread.entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().size()))),
        "rows per calling thread");
    Set<String> users = new HashSet<>();
    for (List<AgentFiles.Row> mine : byThread.values()) {
      List<AgentFiles.Row> bySeq = new ArrayList<>(mine);
      bySeq.sort(Comparator.comparingLong(r -> r.num("seq")));
      for (int i = 0; i < bySeq.size(); i++) {
        AgentFiles.Row r = bySeq.get(i);
        assertEquals(i, r.num("seq"), "seq 0..N-1 on its thread: " + r);
        String path = (i % 2 == 0 ? "/static/" : "/chunked/") + bodyBytes + "?i=" + i;
        assertEquals(path, r.get("url"), "the request target as sent, in the thread's order");
        assertEquals(1, mine.stream().map(x -> x.get("sessionId") + "/" + x.get("userId")).distinct().count(),
            "one sessionId and userId per thread");
      }
      users.add(mine.get(0).get("userId"));
    }
    assertEquals(threadNames.size(), users.size(), "a userId per thread");
    // the generator's own view: each exchange lies within its call (nanoTime before it, after the body)
    Map<String, long[]> calls = new java.util.HashMap<>();
    for (String line : run.output.split("\n")) {
      String[] f = line.trim().split(" ");
      if (f.length == 5 && f[0].equals("call")) {
        calls.put(f[1] + "#" + f[2], new long[] {Long.parseLong(f[3]), Long.parseLong(f[4])});
      }
    }
    assertEquals(rows.size(), calls.size(), "the target printed one call line per request:\n" + run.output);
    for (AgentFiles.Row r : rows) {
      long[] call = calls.get(r.get("thread") + "#" + r.get("seq"));
      assertTrue(call != null && call[0] <= r.num("intendedStartNanos") && r.num("lastByteNanos") <= call[1]
          && r.num("closeNanos") <= call[1], "within its call " + java.util.Arrays.toString(call) + ": " + r);
    }
    // connections: as many as the server accepted; each one's first exchange opened it
    Map<String, List<AgentFiles.Row>> byConnection = rows.stream()
        .collect(Collectors.groupingBy(r -> r.get("connectionId")));
    assertEquals(connectionsAccepted, byConnection.size(),
        "distinct connectionIds = connections the server accepted; rows:\n" + rows);
    long reused = rows.stream().filter(r -> r.get("connectionReused").equals("true")).count();
    assertEquals(rows.size() - byConnection.size(), reused, "every exchange but each connection's first reuses it");
    for (List<AgentFiles.Row> on : byConnection.values()) {
      on.sort(Comparator.comparingLong(r -> r.num("sendStartNanos")));
      AgentFiles.Row opener = on.get(0);
      assertEquals("false", opener.get("connectionReused"), "the connection's first exchange: " + opener);
      long open = opener.num("connectionOpenNanos");
      assertTrue(open > 0 && open <= opener.num("sendStartNanos"), "opened before its first send: " + opener);
      for (int i = 1; i < on.size(); i++) {
        assertTrue(on.get(i).num("sendStartNanos") >= on.get(i - 1).num("lastByteNanos"),
            "HTTP/1.1 without pipelining: one exchange at a time on a connection: " + on.get(i - 1) + " then "
                + on.get(i));
        assertEquals(open, on.get(i).num("connectionOpenNanos"), "the same connection's open instant");
      }
    }
    long[] micros = rows.stream().mapToLong(r -> (r.num("lastByteNanos") - r.num("sendStartNanos")) / 1000)
        .sorted().toArray();
    return rows.size() + " rows, " + byConnection.size() + " connections (server accepted " + connectionsAccepted
        + "), " + reused + " reused, sendStart->lastByte median " + micros[micros.length / 2] + " us, max "
        + micros[micros.length - 1] + " us";
  }
}
