import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Experiment (issue 15): can kernel software receive timestamps (SO_TIMESTAMPING, SCM_TIMESTAMPING
 * on recvmsg) on the client's own TCP socket stamp a reply where a capture on {@code lo} stamps it?
 *
 * <p>Single-file program, run with the JNA that pcap4j brings ({@code bench/tstamp/run.sh} does it):
 *
 * <ul>
 *   <li>{@code server PORT REQ_BYTES REPLY_BYTES}: blocking echo-like server on 127.0.0.1: reads
 *       REQ_BYTES, writes REPLY_BYTES, forever (one thread per connection).
 *   <li>{@code client PORT REQ REPLY N GAP_MICROS WAIT(block|spin) TS(on|off) TX(on|off) OUT.csv}:
 *       one connection, N sequential requests. Per request: sendEpochNanos (user space, before
 *       send), txKernelEpochNanos (SOF_TIMESTAMPING_TX_SOFTWARE from the error queue, 0 when off),
 *       userRxEpochNanos (user space, after poll says readable and before the read, as the engine
 *       stamps), kernelRxEpochNanos (SCM_TIMESTAMPING ts[0] of the read that completes the reply,
 *       0 when off; RX=peek takes it from a 1-byte recvmsg(MSG_PEEK) before a plain recv, as a
 *       hook before Netty's read would; RX=peektrunc from recvmsg(MSG_PEEK|MSG_TRUNC, 64 KiB),
 *       which walks the whole queue without copying and so reports the last queued skb). All on CLOCK_REALTIME (Instant.now(), ns on JDK 15+; the kernel's skb clock).
 *   <li>{@code compare OUT.csv CAPTURE.pcap PORT REQ REPLY WARMUP}: matches every request with the
 *       capture's first packet of the request and last packet of the reply (nanosecond pcap,
 *       Ethernet on lo), prints medians and p99s of (kernel - capture) and (user - capture).
 *   <li>{@code cost PORT REQ REPLY CALLS}: ns per recvmsg(MSG_PEEK|MSG_DONTWAIT) with a cmsg buffer
 *       on a socket holding one reply, against recv(MSG_PEEK|MSG_DONTWAIT) without, via JNA direct
 *       mapping; 5 rounds of CALLS calls each after a warm-up round.
 * </ul>
 *
 * <p>Linux x86_64 only (struct layouts below). Not thread-safe; one connection per client.
 */
public final class KernelRxStamp {
  static final int AF_INET = 2, SOCK_STREAM = 1, SOL_SOCKET = 1, IPPROTO_TCP = 6, TCP_NODELAY = 1;
  static final int SO_TIMESTAMPING = 37; // == SCM_TIMESTAMPING, timespec[3] of 64-bit longs
  static final int SOF_TX_SOFTWARE = 1 << 1, SOF_RX_SOFTWARE = 1 << 3, SOF_SOFTWARE = 1 << 4;
  static final int SOF_OPT_ID = 1 << 7, SOF_OPT_TSONLY = 1 << 11;
  static final int MSG_PEEK = 2, MSG_TRUNC = 0x20, MSG_DONTWAIT = 0x40, MSG_ERRQUEUE = 0x2000;
  /** What the engine's read takes at most (ReadStampAllocator.READ_BYTES). */
  static final int READ_BYTES = 64 * 1024;
  static final short POLLIN = 1, POLLERR = 8;

  /** libc through JNA direct mapping (the cheapest JNA call path). */
  static final class C {
    static {
      Native.register("c");
    }

    static native int socket(int domain, int type, int proto) throws LastErrorException;

    static native int connect(int fd, Pointer addr, int len) throws LastErrorException;

    static native int setsockopt(int fd, int level, int name, Pointer val, int len)
        throws LastErrorException;

    static native long send(int fd, Pointer buf, long len, int flags) throws LastErrorException;

    static native long recv(int fd, Pointer buf, long len, int flags);

    static native long recvmsg(int fd, Pointer msghdr, int flags);

    static native int poll(Pointer fds, long nfds, int timeoutMillis) throws LastErrorException;

    static native int close(int fd);

    static native int getppid();
  }

  /** One socket with its buffers: msghdr, one iovec, a 512-byte control buffer. */
  static final class Sock {
    final int fd;
    final Memory data = new Memory(1 << 20);
    final Memory iov = new Memory(16);
    final Memory msg = new Memory(56);
    final Memory control = new Memory(512);
    final Memory pfd = new Memory(8);
    /** Filled by {@link #recvmsg}: ts[0] of the last SCM_TIMESTAMPING seen, epoch ns, or 0. */
    long lastStampEpochNanos;

    private long iovLen;

    Sock(int port) {
      fd = C.socket(AF_INET, SOCK_STREAM, 0);
      Memory one = new Memory(4);
      one.setInt(0, 1);
      C.setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, one, 4);
      Memory sa = new Memory(16);
      sa.clear();
      sa.setShort(0, (short) AF_INET);
      sa.setShort(2, Short.reverseBytes((short) port));
      sa.setInt(4, Integer.reverseBytes(0x7f000001));
      C.connect(fd, sa, 16);
      pfd.setInt(0, fd);
      iov.setPointer(0, data);
      iov.setLong(8, 0);
      msg.clear();
      msg.setPointer(16, iov);
      msg.setLong(24, 1);
      msg.setPointer(32, control);
    }

    void timestamping(int flags) {
      Memory v = new Memory(4);
      v.setInt(0, flags);
      C.setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, v, 4);
    }

    /** recvmsg into data[0..len); parses SCM_TIMESTAMPING into lastStampEpochNanos. */
    long recvmsg(long len, int flags) {
      if (len != iovLen) { // the msghdr is filled once (constructor); each JNA field write costs
        iov.setLong(8, len);
        iovLen = len;
      }
      msg.setLong(40, 512); // msg_controllen: the kernel overwrites it with the length used
      long n = C.recvmsg(fd, msg, flags);
      lastStampEpochNanos = 0;
      if (n >= 0) {
        long controlLen = msg.getLong(40);
        long off = 0;
        while (off + 16 <= controlLen) {
          long cmsgLen = control.getLong(off);
          int level = control.getInt(off + 8);
          int type = control.getInt(off + 12);
          if (level == SOL_SOCKET && type == SO_TIMESTAMPING) {
            lastStampEpochNanos = control.getLong(off + 16) * 1_000_000_000L + control.getLong(off + 24);
          }
          if (cmsgLen < 16) {
            break;
          }
          off += (cmsgLen + 7) & ~7L;
        }
      }
      return n;
    }

    /** Waits until readable: poll(-1) (kernel wake-up, the engine's default) or poll(0) spinning. */
    void awaitReadable(boolean spin) {
      while (true) {
        pfd.setShort(4, POLLIN);
        pfd.setShort(6, (short) 0);
        int r = C.poll(pfd, 1, spin ? 0 : -1);
        if (r > 0 && (pfd.getShort(6) & POLLIN) != 0) {
          return;
        }
        if (r > 0 && (pfd.getShort(6) & POLLERR) != 0) {
          drainErrors();
        }
      }
    }

    /** Reads the error queue; returns ts[0] of the last TX timestamp found, or 0. */
    long drainErrors() {
      long stamp = 0;
      while (recvmsg(0, MSG_ERRQUEUE | MSG_DONTWAIT) >= 0) {
        if (lastStampEpochNanos != 0) {
          stamp = lastStampEpochNanos;
        }
      }
      return stamp;
    }
  }

  static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

  static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "server" -> server(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]));
      case "client" -> client(args);
      case "compare" -> compare(args);
      case "cost" -> cost(args);
      default -> throw new IllegalArgumentException("mode must be server|client|compare|cost, got " + args[0]);
    }
  }

  static void server(int port, int reqBytes, int replyBytes) throws IOException {
    try (ServerSocket ss = new ServerSocket()) {
      ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      byte[] reply = new byte[replyBytes];
      Arrays.fill(reply, (byte) 'x');
      while (true) {
        Socket s = ss.accept();
        s.setTcpNoDelay(true);
        Thread t = new Thread(() -> {
          try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            DataInputStream din = new DataInputStream(in);
            byte[] req = new byte[reqBytes];
            while (true) {
              din.readFully(req);
              out.write(reply);
            }
          } catch (IOException e) {
            // client gone
          }
        });
        t.setDaemon(true);
        t.start();
      }
    }
  }

  static void client(String[] a) throws IOException {
    int port = Integer.parseInt(a[1]), req = Integer.parseInt(a[2]), reply = Integer.parseInt(a[3]);
    int n = Integer.parseInt(a[4]);
    long gapNanos = Long.parseLong(a[5]) * 1000;
    boolean spin = a[6].equals("spin");
    // peek: stamp from a 1-byte MSG_PEEK recvmsg, then a plain recv; peektrunc: from a
    // MSG_PEEK|MSG_TRUNC recvmsg of up to 64 KiB (walks every queued skb, copies nothing)
    boolean peek = a[7].equals("peek"), peekTrunc = a[7].equals("peektrunc");
    boolean rxTs = peek || peekTrunc || a[7].equals("on"), txTs = a[8].equals("on");
    Sock s = new Sock(port);
    int flags = 0;
    if (rxTs) {
      flags |= SOF_RX_SOFTWARE | SOF_SOFTWARE;
    }
    if (txTs) {
      flags |= SOF_TX_SOFTWARE | SOF_SOFTWARE | SOF_OPT_ID | SOF_OPT_TSONLY;
    }
    if (flags != 0) {
      s.timestamping(flags);
    }
    s.data.setMemory(0, req, (byte) 'q');
    long[][] rows = new long[n][];
    long deadlineNanos = System.nanoTime() + 120_000_000_000L;
    for (int i = 0; i < n && System.nanoTime() < deadlineNanos; i++) {
      long sendEpochNanos = epochNanos();
      s.data.setMemory(0, req, (byte) 'q');
      C.send(s.fd, s.data, req, 0);
      long txKernelEpochNanos = txTs ? s.drainErrors() : 0;
      long userRxEpochNanos = 0, kernelRxEpochNanos = 0;
      int got = 0;
      while (got < reply) {
        s.awaitReadable(spin);
        userRxEpochNanos = epochNanos();
        long r;
        if (peek || peekTrunc) {
          long stamp = s.recvmsg(peek ? 1 : READ_BYTES, MSG_PEEK | MSG_DONTWAIT | (peek ? 0 : MSG_TRUNC)) > 0
              ? s.lastStampEpochNanos : 0;
          r = C.recv(s.fd, s.data, reply - got, MSG_DONTWAIT);
          s.lastStampEpochNanos = stamp;
        } else {
          r = s.recvmsg(reply - got, MSG_DONTWAIT);
        }
        if (r == 0) {
          throw new IOException("server closed after " + i + " requests");
        }
        if (r > 0) {
          got += (int) r;
          kernelRxEpochNanos = s.lastStampEpochNanos;
        }
      }
      rows[i] = new long[] {i, sendEpochNanos, txKernelEpochNanos, userRxEpochNanos, kernelRxEpochNanos};
      long until = System.nanoTime() + gapNanos;
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }
    C.close(s.fd);
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(a[9])))) {
      w.println("i,sendEpochNanos,txKernelEpochNanos,userRxEpochNanos,kernelRxEpochNanos");
      for (long[] r : rows) {
        if (r != null) {
          w.println(r[0] + "," + r[1] + "," + r[2] + "," + r[3] + "," + r[4]);
        }
      }
    }
  }

  /**
   * Capture times per request, by TCP sequence number relative to the handshake (so a packet lost
   * by the capture shifts nothing): [i][0] = first packet of request i, [i][1] = packet carrying
   * the last byte of reply i; epoch ns, 0 when absent.
   */
  static long[][] captureTimes(Path pcap, int port, int req, int reply, int n) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(pcap)).order(ByteOrder.LITTLE_ENDIAN);
    int magic = b.getInt(0);
    if (magic != 0xa1b23c4d) {
      throw new IOException(pcap + ": not a little-endian nanosecond pcap (magic " + Integer.toHexString(magic) + ")");
    }
    long[][] out = new long[n][2];
    long clientIsn = -1, serverIsn = -1;
    int p = 24;
    while (p + 16 <= b.limit()) {
      long ts = (b.getInt(p) & 0xffffffffL) * 1_000_000_000L + (b.getInt(p + 4) & 0xffffffffL);
      int incl = b.getInt(p + 8);
      int eth = p + 16;
      p = eth + incl;
      if (incl < 54 || (b.getShort(eth + 12) & 0xffff) != 0x0008) {
        continue; // not IPv4 (0x0800 read little-endian)
      }
      int ip = eth + 14;
      int ihl = (b.get(ip) & 0xf) * 4;
      int total = Short.reverseBytes(b.getShort(ip + 2)) & 0xffff;
      if (b.get(ip + 9) != 6) {
        continue;
      }
      int tcp = ip + ihl;
      int sport = Short.reverseBytes(b.getShort(tcp)) & 0xffff;
      int dport = Short.reverseBytes(b.getShort(tcp + 2)) & 0xffff;
      long seq = Integer.reverseBytes(b.getInt(tcp + 4)) & 0xffffffffL;
      boolean syn = (b.get(tcp + 13) & 0x02) != 0;
      int payload = total - ihl - ((b.get(tcp + 12) & 0xf0) >> 4) * 4;
      if (syn) {
        if (dport == port) {
          clientIsn = seq;
        } else if (sport == port) {
          serverIsn = seq;
        }
        continue;
      }
      if (payload <= 0 || clientIsn < 0 || serverIsn < 0) {
        continue;
      }
      if (dport == port) {
        long rel = (seq - clientIsn - 1) & 0xffffffffL;
        if (rel % req == 0 && rel / req < n && out[(int) (rel / req)][0] == 0) {
          out[(int) (rel / req)][0] = ts;
        }
      } else if (sport == port) {
        long from = (seq - serverIsn - 1) & 0xffffffffL;
        long to = from + payload;
        for (long k = from / reply; (k + 1) * reply <= to && k < n; k++) {
          if ((k + 1) * reply > from && out[(int) k][1] == 0) {
            out[(int) k][1] = ts;
          }
        }
      }
    }
    if (clientIsn < 0 || serverIsn < 0) {
      throw new IOException(pcap + ": no handshake for port " + port + " (capture started too late?)");
    }
    return out;
  }

  static void compare(String[] a) throws IOException {
    List<String> lines = Files.readAllLines(Path.of(a[1]));
    int n = lines.size() - 1;
    long[][] cap = captureTimes(Path.of(a[2]), Integer.parseInt(a[3]), Integer.parseInt(a[4]), Integer.parseInt(a[5]), n);
    int warmup = Integer.parseInt(a[6]);
    int m = n - warmup;
    long[] kernelRx = new long[m], userRx = new long[m], tx = new long[m], send = new long[m];
    long[] errUser = new long[m], errKernelRx = new long[m], errKernelBoth = new long[m];
    int j = 0, kernelRxCount = 0, txCount = 0, kernelExact = 0, kernelEarly = 0, bothCount = 0;
    for (int i = 0; i < m; i++) {
      String[] f = lines.get(1 + warmup + i).split(",");
      long[] c = cap[warmup + i];
      if (c[0] == 0 || c[1] == 0) {
        continue; // the capture lost the request or the reply: nothing to compare with
      }
      long sendUser = Long.parseLong(f[1]), txK = Long.parseLong(f[2]);
      long rxUser = Long.parseLong(f[3]), rxK = Long.parseLong(f[4]);
      send[j] = c[0] - sendUser;
      userRx[j] = rxUser - c[1];
      errUser[j] = (rxUser - sendUser) - (c[1] - c[0]);
      j++;
      if (txK != 0) {
        tx[txCount++] = txK - c[0];
      }
      if (rxK != 0) {
        kernelRx[kernelRxCount] = rxK - c[1];
        errKernelRx[kernelRxCount++] = (rxK - sendUser) - (c[1] - c[0]);
        kernelExact += rxK == c[1] ? 1 : 0;
        kernelEarly += rxK < c[1] - 1000 ? 1 : 0;
        if (txK != 0) {
          errKernelBoth[bothCount++] = (rxK - txK) - (c[1] - c[0]);
        }
      }
    }
    if (j < m) {
      System.out.println("WARNING: " + (m - j) + " requests without request or reply packet in the capture: left out");
    }
    System.out.printf("requests compared %d (after %d warm-up)%n", j, warmup);
    print("send lag (capture req - user send)", send, j);
    print("user rx - capture reply last pkt (receive lag)", userRx, j);
    print("kernel rx - capture reply last pkt", kernelRx, kernelRxCount);
    if (kernelRxCount > 0) {
      System.out.printf("  kernel rx == capture to the ns: %d of %d; > 1 us before it (an earlier skb's stamp): %d%n",
          kernelExact, kernelRxCount, kernelEarly);
    }
    print("kernel tx - capture req pkt", tx, txCount);
    print("error today: user rx - user send - wire", errUser, j);
    print("error, kernel rx: kernel rx - user send - wire", errKernelRx, kernelRxCount);
    print("error, kernel both: kernel rx - kernel tx - wire", errKernelBoth, bothCount);
  }

  static void print(String what, long[] v, int count) {
    if (count == 0) {
      System.out.printf("%-48s n=0%n", what);
      return;
    }
    long[] s = Arrays.copyOf(v, count);
    Arrays.sort(s);
    System.out.printf("%-48s n=%d min=%.3f p50=%.3f p99=%.3f max=%.3f us%n", what, count,
        s[0] / 1e3, s[count / 2] / 1e3, s[(int) Math.min(count - 1, (long) Math.ceil(count * 0.99) - 1)] / 1e3,
        s[count - 1] / 1e3);
  }

  static void cost(String[] a) {
    int port = Integer.parseInt(a[1]), req = Integer.parseInt(a[2]), reply = Integer.parseInt(a[3]);
    int calls = Integer.parseInt(a[4]);
    Sock s = new Sock(port);
    s.timestamping(SOF_RX_SOFTWARE | SOF_SOFTWARE);
    C.send(s.fd, s.data, req, 0);
    s.awaitReadable(false);
    while (s.recvmsg(reply, MSG_PEEK | MSG_DONTWAIT) < reply) {
      Thread.onSpinWait(); // until the whole reply is queued
    }
    String[] names = {"recvmsg(PEEK|DONTWAIT, 1 B) + cmsg parse", "recvmsg(PEEK|DONTWAIT, whole reply) + cmsg",
        "recvmsg(PEEK|TRUNC|DONTWAIT, 64 KiB) + cmsg",
        "recv(PEEK|DONTWAIT, 1 B), no cmsg", "recv(PEEK|DONTWAIT, whole reply), no cmsg",
        "getppid() (syscall floor via JNA)", "Instant.now() (user stamp, for scale)"};
    for (int round = 0; round <= 5; round++) {
      StringBuilder line = new StringBuilder(round == 0 ? "warm-up " : "round " + round + " ");
      for (int kind = 0; kind < names.length; kind++) {
        long sink = 0;
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
          switch (kind) {
            case 0 -> {
              s.recvmsg(1, MSG_PEEK | MSG_DONTWAIT);
              sink += s.lastStampEpochNanos;
            }
            case 1 -> {
              s.recvmsg(reply, MSG_PEEK | MSG_DONTWAIT);
              sink += s.lastStampEpochNanos;
            }
            case 2 -> {
              s.recvmsg(READ_BYTES, MSG_PEEK | MSG_TRUNC | MSG_DONTWAIT);
              sink += s.lastStampEpochNanos;
            }
            case 3 -> sink += C.recv(s.fd, s.data, 1, MSG_PEEK | MSG_DONTWAIT);
            case 4 -> sink += C.recv(s.fd, s.data, reply, MSG_PEEK | MSG_DONTWAIT);
            case 5 -> sink += C.getppid();
            default -> sink += epochNanos();
          }
        }
        long ns = System.nanoTime() - t0;
        long cpuNs = THREADS.getCurrentThreadCpuTime() - cpu0;
        if (sink == 42) {
          System.out.print("");
        }
        line.append(String.format("%n  %-45s %6.0f ns/call wall %6.0f ns/call thread CPU", names[kind],
            (double) ns / calls, (double) cpuNs / calls));
      }
      System.out.println(line);
    }
    C.close(s.fd);
  }
}
