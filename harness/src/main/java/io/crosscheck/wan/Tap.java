package io.crosscheck.wan;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * One Linux TAP device ({@code IFF_TAP | IFF_NO_PI}) owned by this process through its file
 * descriptor on {@code /dev/net/tun}: Ethernet frames written to the fd enter the kernel as if
 * received on the interface; frames the kernel sends out of the interface are read from it. The
 * device is not persistent: it disappears when the fd is closed (or with its namespace). The fd keeps
 * working after the device is moved to another network namespace. libc through JNA, as {@code
 * CpuAffinity} does. {@link #read} is for one thread, {@link #write} for one other thread; {@link
 * #close} may come from any thread and makes a blocked {@link #read} return within its poll timeout.
 */
final class Tap implements AutoCloseable {
  private static final int O_RDWR = 2;
  private static final int O_NONBLOCK = 04000;
  private static final int O_CLOEXEC = 02000000;
  private static final int TUNSETIFF = 0x400454ca;
  private static final short IFF_TAP = 0x0002;
  private static final short IFF_NO_PI = 0x1000;
  private static final int IFREQ_BYTES = 40;
  private static final int EAGAIN = 11;
  private static final int EINTR = 4;
  private static final short POLLIN = 1;
  /** Largest frame read: room for a 9000-byte MTU and then some. */
  static final int MAX_FRAME_BYTES = 65536;

  private static final Function OPEN = Function.getFunction("c", "open");
  private static final Function IOCTL = Function.getFunction("c", "ioctl");
  private static final Function READ = Function.getFunction("c", "read");
  private static final Function WRITE = Function.getFunction("c", "write");
  private static final Function POLL = Function.getFunction("c", "poll");
  private static final Function CLOSE = Function.getFunction("c", "close");

  private final String name;
  private final int fd;
  private final Memory readBuffer = new Memory(MAX_FRAME_BYTES);
  private final Memory writeBuffer = new Memory(MAX_FRAME_BYTES);
  private final Memory pollFd = new Memory(8);
  private volatile boolean closed;

  private Tap(String name, int fd) {
    this.name = name;
    this.fd = fd;
  }

  /**
   * Creates TAP device {@code name} (at most 15 characters) in this process's network namespace.
   *
   * @throws IOException naming the device and errno (EBUSY 16: the name is taken by another TAP;
   *     EPERM 1: not root)
   */
  static Tap create(String name) throws IOException {
    int fd;
    try {
      fd = OPEN.invokeInt(new Object[] {"/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC});
    } catch (RuntimeException | LinkageError e) {
      throw new IOException("cannot call libc open() through JNA (" + e + ")");
    }
    if (fd < 0) {
      throw new IOException("open(/dev/net/tun) failed, errno " + Native.getLastError());
    }
    Memory ifreq = new Memory(IFREQ_BYTES);
    ifreq.clear();
    byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
    if (bytes.length > 15) {
      CLOSE.invokeInt(new Object[] {fd});
      throw new IOException("TAP name " + name + " is longer than 15 characters");
    }
    ifreq.write(0, bytes, 0, bytes.length);
    ifreq.setShort(16, (short) (IFF_TAP | IFF_NO_PI));
    int rc = IOCTL.invokeInt(new Object[] {fd, TUNSETIFF, ifreq});
    if (rc < 0) {
      int errno = Native.getLastError();
      CLOSE.invokeInt(new Object[] {fd});
      throw new IOException("ioctl(TUNSETIFF, " + name + ") failed, errno " + errno
          + (errno == 16 ? " (EBUSY: a TAP of that name is in use)" : errno == 22
              ? " (EINVAL: an interface of that name exists and is no TAP)" : errno == 1
              ? " (EPERM: root needed)" : ""));
    }
    return new Tap(ifreq.getString(0, "US-ASCII"), fd);
  }

  /** The interface name the kernel gave the device. */
  String name() {
    return name;
  }

  /**
   * Reads one frame into {@code into}, waiting at most {@code timeoutMillis}.
   *
   * @return the frame's length in bytes, 0 when none came in time or the device is closed
   * @throws IOException when the kernel reports an error other than "nothing yet"
   */
  int read(byte[] into, int timeoutMillis) throws IOException {
    for (int attempt = 0; attempt < 2 && !closed; attempt++) {
      long n = READ.invokeLong(new Object[] {fd, readBuffer, (long) MAX_FRAME_BYTES});
      if (n > 0) {
        readBuffer.read(0, into, 0, (int) n);
        return (int) n;
      }
      int errno = n < 0 ? Native.getLastError() : 0;
      if (n < 0 && errno != EAGAIN && errno != EINTR) {
        if (closed) {
          return 0;
        }
        throw new IOException("read from TAP " + name + " failed, errno " + errno);
      }
      if (attempt == 0) {
        pollFd.setInt(0, fd);
        pollFd.setShort(4, POLLIN);
        pollFd.setShort(6, (short) 0);
        POLL.invokeInt(new Object[] {pollFd, 1L, timeoutMillis});
      }
    }
    return 0;
  }

  /**
   * Writes one frame; the kernel receives it on the device.
   *
   * @return false when the kernel refused it (a counted drop, e.g. the device is down)
   */
  boolean write(byte[] frame, int length) {
    if (closed) {
      return false;
    }
    writeBuffer.write(0, frame, 0, length);
    long n = WRITE.invokeLong(new Object[] {fd, writeBuffer, (long) length});
    return n == length;
  }

  /** Closes the fd, which removes the device. Idempotent. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      CLOSE.invokeInt(new Object[] {fd});
    }
  }
}
