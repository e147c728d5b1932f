package io.crosscheck.capture;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.lang.reflect.Field;
import java.net.NetworkInterface;
import java.net.SocketException;
import org.pcap4j.core.PcapHandle;

/**
 * Keeps the sender's half of a loopback capture out of the traffic it measures.
 *
 * <p>On {@code lo} every packet reaches a packet socket twice: as it is sent (outgoing) and as it
 * is received (incoming); libpcap keeps only the incoming copy and throws the outgoing one away in
 * user space. The kernel still delivers that copy inside the sender's own {@code write}, before the
 * packet reaches the wire: it runs the filter, copies the packet into the ring and, in immediate
 * mode, wakes the capture thread. Measured on this 2-vCPU VM (bench/FIDELITY.md), that added ~8 µs
 * to every request's send path and to every reply's. {@code PACKET_IGNORE_OUTGOING} (Linux 4.20+)
 * tells the kernel not to deliver outgoing packets to the socket at all; nothing is lost, since
 * libpcap kept the incoming copies only, with the same timestamp source.
 *
 * <p>libpcap 1.10 does not set the option ({@code pcap_setdirection} filters in user space), and
 * pcap4j 1.8.2 does not expose the socket: its descriptor comes from {@code pcap_fileno} on the
 * handle's native pointer, read from pcap4j's private {@code handle} field (pcap4j is pinned at
 * 1.8.2, see the pom). JNA is pcap4j's own native bridge.
 */
final class LoopbackOutgoing {
  private static final int SOL_PACKET = 263;
  private static final int PACKET_IGNORE_OUTGOING = 23;

  private LoopbackOutgoing() {}

  /** True when {@code interfaceName} is a loopback interface of this host. */
  static boolean isLoopback(String interfaceName) {
    try {
      NetworkInterface nic = NetworkInterface.getByName(interfaceName);
      return nic != null && nic.isLoopback();
    } catch (SocketException e) {
      return false;
    }
  }

  /**
   * Asks the kernel not to deliver outgoing packets to {@code handle}'s socket.
   *
   * @return null when done, else why not (the capture then works as before, with the copies)
   */
  static String ignore(PcapHandle handle) {
    try {
      Field f = PcapHandle.class.getDeclaredField("handle");
      f.setAccessible(true);
      Pointer pcap = (Pointer) f.get(handle);
      int fd = NativeLibrary.getInstance("pcap").getFunction("pcap_fileno").invokeInt(new Object[] {pcap});
      if (fd < 0) {
        return "pcap_fileno returned " + fd;
      }
      Memory one = new Memory(4);
      one.setInt(0, 1);
      Function.getFunction("c", "setsockopt", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, one, 4});
      return null;
    } catch (LastErrorException e) {
      return "setsockopt(PACKET_IGNORE_OUTGOING) failed, errno " + e.getErrorCode()
          + (e.getErrorCode() == 92 ? " (ENOPROTOOPT: kernel older than 4.20)" : "");
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return "cannot reach the capture socket: " + e;
    }
  }
}
