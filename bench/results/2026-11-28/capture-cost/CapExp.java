package io.crosscheck.capture;

import java.lang.management.*;
import java.nio.file.*;
import org.pcap4j.core.*;

public class CapExp {
  public static void main(String[] a) throws Exception {
    String mode = a[0]; int seconds = Integer.parseInt(a[1]);
    Path out = Paths.get("/tmp/capexp/out-" + mode + ".pcap");
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    String filter = "tcp and host 127.0.0.1 and port 18091";
    long cpu0 = 0; long[] tid = new long[1];
    if (mode.equals("jna")) {
      LiveCapture c = LiveCapture.start(LiveCaptureConfig.of("lo", filter, out));
      Thread.sleep(300);
      for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().startsWith("crosscheck-capture-lo")) tid[0] = t.getId();
      cpu0 = mx.getThreadCpuTime(tid[0]);
      System.out.println("READY"); System.out.flush();
      Thread.sleep(seconds * 1000L);
      long cpu = mx.getThreadCpuTime(tid[0]) - cpu0;
      var s = c.stop();
      System.out.println("jna cpuMs=" + cpu / 1e6 + " stats=" + s);
    } else {
      PcapHandle h = new PcapHandle.Builder("lo").snaplen(4096).bufferSize(64 << 20)
          .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS).timeoutMillis(100)
          .immediateMode(!mode.equals("batch")).timestampPrecision(PcapHandle.TimestampPrecision.NANO).build();
      h.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
      System.out.println("ignore=" + LoopbackOutgoing.ignore(h)); PcapDumper d = h.dumpOpen(out.toString());
      Thread t = new Thread(() -> { try { h.loop(-1, d); } catch (Exception e) { } }, "dump");
      t.start(); Thread.sleep(300);
      cpu0 = mx.getThreadCpuTime(t.getId());
      System.out.println("READY"); System.out.flush();
      Thread.sleep(seconds * 1000L);
      long cpu = mx.getThreadCpuTime(t.getId()) - cpu0;
      h.breakLoop(); t.join(3000);
      PcapStat st = h.getStats();
      d.flush(); long bytes = d.ftell(); d.close(); h.close();
      System.out.println(mode+" cpuMs=" + cpu / 1e6 + " recv=" + st.getNumPacketsReceived() + " drop=" + st.getNumPacketsDropped() + " bytes=" + bytes);
    }
  }
}
