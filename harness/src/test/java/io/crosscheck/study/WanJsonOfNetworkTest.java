package io.crosscheck.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.crosscheck.rundir.WanJson;
import io.crosscheck.wan.LinkCounts;
import io.crosscheck.wan.WanDescription;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wan.json from the network's description: every field of the link's plumbing reaches the file under
 * its own name, and the file reads back as written (a field added on one side only would be dropped
 * here, not by a reflective copy at run time).
 */
class WanJsonOfNetworkTest {
  @Test
  void everyFieldOfTheDescriptionIsInWanJsonAndReadsBack(@TempDir Path tmp) throws Exception {
    WanDescription d = new WanDescription("tap-forwarder", "no netem here", "ccwan-1-c", "ccwan-1-s", "ccwan0",
        "ccwan1", "127.0.9.2", 2012L, -5, List.of("ccwan-0-c"),
        List.of(new WanDescription.ClientClass("127.0.9.3", "rtt=80ms,rate=10mbit", 80_000_000L, 10_000_000L,
            20_000_000L, 0.5, 1400, new LinkCounts(10, 1500, 1, 2, 1514), new LinkCounts(11, 1600, 3, 4, 1414))),
        new WanDescription.Unclassified(5, 6, 7), "TAP ccwan1 failed: EIO");
    List<WanJson.MeasuredRtt> measured =
        List.of(new WanJson.MeasuredRtt("127.0.9.3", "rtt=80ms,rate=10mbit", 80_000.0, 9, 80_412.5, "9 handshakes"));

    WanJson w = WanStudy.wanJson(d, measured);

    assertEquals(new WanJson("tap-forwarder", "no netem here", "ccwan-1-c", "ccwan-1-s", "ccwan0", "ccwan1",
        "127.0.9.2", 2012L, -5, List.of("ccwan-0-c"),
        List.of(new WanJson.LinkClass("127.0.9.3", "rtt=80ms,rate=10mbit", 80_000_000L, 10_000_000L, 20_000_000L, 0.5,
            1400, new WanJson.LinkCounts(10, 1500, 1, 2, 1514), new WanJson.LinkCounts(11, 1600, 3, 4, 1414))),
        new WanJson.Unclassified(5, 6, 7), "TAP ccwan1 failed: EIO", measured), w);
    Path file = tmp.resolve(WanJson.FILE);
    WanJson.write(file, w);
    assertEquals(w, WanJson.read(file));
  }

  @Test
  void aLinkThatNeverStartedHasNoCountsAndNoUnclassifiedFrames() {
    WanDescription d = new WanDescription("tap-forwarder", null, "c", "s", "ccwan0", "ccwan1", "127.0.9.2", 1L, 0,
        List.of(), List.of(new WanDescription.ClientClass("127.0.9.3", "rtt=1ms", 1_000_000L, 0, 0, 0, 1500, null,
            null)), null, null);
    WanJson w = WanStudy.wanJson(d, null);
    assertNull(w.classes().get(0).up());
    assertNull(w.classes().get(0).down());
    assertNull(w.unclassified());
    assertNull(w.measuredRtt());
  }
}
