package io.crosscheck.audit;

import io.crosscheck.capture.CaptureInterface;
import io.crosscheck.capture.LiveCapture;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.capture.LiveCaptureStats;
import io.crosscheck.model.Target;
import io.crosscheck.run.RunJob;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Starts the live capture of the target's traffic in the run directory before the load and stops
 * it after (capture.pcap, capture.json): around crosscheck's own engines ({@link RunJob.Stage}) and
 * around an audited generator ({@link GeneratorAudit}).
 */
public final class CaptureStage implements RunJob.Stage {
  private final CaptureSettings options;
  private final Target target;
  private final PrintStream out;
  CaptureInterface chosen;
  private String filter;
  /** Another network namespace to capture in ({@code --wan}'s client namespace), or null. */
  private String namespace;
  private String namespaceInterface;
  LiveCapture capture;
  LiveCaptureStats stats;

  /** Captures on {@code interfaceName} inside network namespace {@code ns} instead ({@code --wan}). */
  @Override
  public boolean followGenerator(String ns, String interfaceName) {
    this.namespace = ns;
    this.namespaceInterface = interfaceName;
    return true;
  }

  /** @param out where the chosen interface is printed when the capture starts */
  public CaptureStage(CaptureSettings options, Target target, PrintStream out) {
    this.options = options;
    this.target = target;
    this.out = out;
  }

  @Override
  public void beforeLoad(RunDirectory dir) throws IOException {
    chosen = namespace == null ? options.choose(target)
        : new CaptureInterface(namespaceInterface, CaptureInterface.ChosenBy.WAN_LINK,
            CaptureSettings.address(target).getHostAddress(), null, "the emulated link's interface in the client namespace "
                + namespace + ", where the generator runs (--wan)");
    // the address itself, never a name: libpcap would resolve a name on its own
    filter = "tcp and host " + chosen.targetAddress() + " and port " + target.port();
    out.println("crosscheck: " + chosen.describe());
    LiveCaptureConfig config = new LiveCaptureConfig(chosen.name(), filter, options.snaplenBytes(),
        options.bufferBytes(), dir.path().resolve(RunFiles.CAPTURE_PCAP), null);
    // opened from inside the namespace, the capture's socket stays there whichever thread reads it
    capture = namespace == null ? LiveCapture.start(config)
        : io.crosscheck.wan.Netns.call(namespace, () -> LiveCapture.start(config));
  }

  @Override
  public void afterLoad(RunDirectory dir) throws IOException {
    if (capture != null) {
      stats = capture.stop();
      RunFiles.writeCapture(dir.path(), captureJson());
    }
  }

  public CaptureJson captureJson() {
    String name = chosen == null ? options.interfaceName() : chosen.name();
    String by = chosen == null ? null : chosen.chosenBy().json();
    String reason = chosen == null ? null : chosen.reason();
    String route = chosen == null ? null : chosen.route();
    String address = chosen == null ? null : chosen.targetAddress();
    return stats == null
        ? new CaptureJson(name, filter, options.snaplenBytes(), null, null, null, null, null, null, by, reason, route,
            address, namespace)
        : new CaptureJson(name, filter, options.snaplenBytes(), stats.packetsCaptured(), stats.outgoingCopies(),
            stats.bytesCaptured(), stats.kernelDropped(), stats.interfaceDropped(), stats.linkType(), by, reason,
            route, address, namespace);
  }
}
