package io.crosscheck.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.record.JsonFiles;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The network's record is written with the bytes the map it replaced gave (wan.json of studies run
 * before it stays comparable), and a wan.json of that format reads back into it.
 */
class WanDescriptionTest {
  private static final LinkCounts UP = new LinkCounts(120, 9_000, 3, 1, 1514);
  private static final LinkCounts DOWN = new LinkCounts(110, 150_000, 0, 0, 1514);

  private static WanDescription sample(boolean started) {
    WanProfile p = WanProfile.parse("rtt=40ms,loss=1%,up=8mbit");
    return new WanDescription("userspace-tap", "conditions applied by ...; netem probe: not probed", "ccwan-1-0-c",
        "ccwan-1-0-s", "ccw1-0c", "ccw1-0s", "127.0.0.1", 42, started ? -10 : 0, List.of(),
        List.of(new WanDescription.ClientClass("127.0.0.2", p.label(), p.rttNanos(), p.upBitsPerSecond(),
            p.downBitsPerSecond(), p.lossPercent(), p.effectiveMtu(), started ? UP : null, started ? DOWN : null)),
        started ? new WanDescription.Unclassified(4, 5, 0) : null, null);
  }

  /** What WanNetwork.describe() built before the record: the same keys, values and order. */
  private static Map<String, Object> asTheMapWas(boolean started) {
    WanProfile p = WanProfile.parse("rtt=40ms,loss=1%,up=8mbit");
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("mechanism", "userspace-tap");
    out.put("mechanismReason", "conditions applied by ...; netem probe: not probed");
    out.put("clientNamespace", "ccwan-1-0-c");
    out.put("serverNamespace", "ccwan-1-0-s");
    out.put("clientInterface", "ccw1-0c");
    out.put("serverInterface", "ccw1-0s");
    out.put("serverAddress", "127.0.0.1");
    out.put("seed", 42L);
    out.put("forwarderNice", started ? -10 : 0);
    out.put("sweptStale", List.of());
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("address", "127.0.0.2");
    c.put("profile", p.label());
    c.put("rttNanos", p.rttNanos());
    c.put("upBitsPerSecond", p.upBitsPerSecond());
    c.put("downBitsPerSecond", p.downBitsPerSecond());
    c.put("lossPercent", p.lossPercent());
    c.put("mtu", p.effectiveMtu());
    if (started) {
      c.put("up", counts(UP));
      c.put("down", counts(DOWN));
    }
    out.put("classes", List.of(c));
    if (started) {
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("upFrames", 4L);
      u.put("downFrames", 5L);
      u.put("writeFailures", 0L);
      out.put("unclassified", u);
    }
    return out;
  }

  private static Map<String, Object> counts(LinkCounts k) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("frames", k.frames());
    m.put("bytes", k.bytes());
    m.put("lostFrames", k.lostFrames());
    m.put("queueDroppedFrames", k.queueDroppedFrames());
    m.put("largestFrameBytes", k.largestFrameBytes());
    return m;
  }

  @Test
  void theRecordIsWrittenAsTheMapWasBeforeAndAfterTheLinkStarted() throws Exception {
    for (boolean started : new boolean[] {false, true}) {
      String map = new String(JsonFiles.mapper().writeValueAsBytes(asTheMapWas(started)), StandardCharsets.UTF_8);
      String record = new String(JsonFiles.mapper().writeValueAsBytes(sample(started)), StandardCharsets.UTF_8);
      assertEquals(map, record, "started " + started);
    }
  }

  @Test
  void aStudysWanJsonOfTodaysFormatReadsBack() throws Exception {
    String wanJson = new String(JsonFiles.mapper().writeValueAsBytes(asTheMapWas(true)), StandardCharsets.UTF_8)
        .replaceFirst("\\}\\s*$", ",\n  \"measuredRtt\" : [ { \"address\" : \"127.0.0.2\" } ]\n}");
    WanDescription read = JsonFiles.mapper().readValue(wanJson, WanDescription.class);
    assertEquals(sample(true), read);
  }
}
