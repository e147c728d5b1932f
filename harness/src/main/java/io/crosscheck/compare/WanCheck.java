package io.crosscheck.compare;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * What the emulated WAN link of a {@code --wan} run did, and whether the capture on the client's
 * side of it shows the link: the link's own frame counts (run.json {@code wan}) beside the wire's
 * reply times and handshakes. A request's first reply byte cannot reach the client sooner than one
 * round trip of the link after the request's first byte left it, so an exchange below the RTT means
 * the capture did not see the link's traffic (or the link did not hold). Stateless.
 */
public final class WanCheck {
  private WanCheck() {}

  /**
   * @param wan run.json's WAN section
   * @param exchanges every wire exchange of the capture (capture clock)
   * @return the findings' WAN section; null without a WAN section
   */
  public static Findings.Wan judge(RunJson.WanSection wan, List<WireExchange> exchanges) {
    if (wan == null) {
      return null;
    }
    long withReply = 0;
    long belowRtt = 0;
    long minReplyNanos = Long.MAX_VALUE;
    List<Long> handshakes = new ArrayList<>();
    for (WireExchange e : exchanges) {
      long reply = e.replyTimeNanos();
      if (reply >= 0 && e.requestStartEpochNanos() >= 0) {
        withReply++;
        minReplyNanos = Math.min(minReplyNanos, reply);
        if (reply < wan.rttNanos()) {
          belowRtt++;
        }
      }
      if (e.requestIndex() == 0 && e.connectNanos() >= 0) {
        handshakes.add(e.connectNanos());
      }
    }
    handshakes.sort(null);
    Double medianHandshakeMicros = handshakes.isEmpty() ? null : handshakes.get(handshakes.size() / 2) / 1000.0;
    Double minReplyMicros = withReply == 0 ? null : minReplyNanos / 1000.0;
    double rttMicros = wan.rttNanos() / 1000.0;
    RunJson.LinkSection up = wan.up();
    RunJson.LinkSection down = wan.down();
    Findings.WanVerdict verdict = withReply == 0 ? Findings.WanVerdict.NO_REPLY
        : belowRtt > 0 ? Findings.WanVerdict.BELOW_RTT : Findings.WanVerdict.HELD;
    // the words are the report's (report.FindingsSentences.wan, wanEvidence)
    return new Findings.Wan(wan.label(), rttMicros, up.frames(), up.lostFrames(), up.queueDroppedFrames(),
        down.frames(), down.lostFrames(), down.queueDroppedFrames(), withReply, minReplyMicros, belowRtt,
        handshakes.size(), medianHandshakeMicros, null, null, verdict, up.delayedFrames(), down.delayedFrames(),
        wan.linkFailure(), wan.clientInterface(), wan.clientNamespace());
  }
}
