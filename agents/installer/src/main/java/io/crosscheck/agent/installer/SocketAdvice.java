package io.crosscheck.agent.installer;

import io.crosscheck.agent.bootstrap.Recorder;
import net.bytebuddy.asm.Advice;

/**
 * The advice on {@code java.net.Socket}'s streams, shared by the thread-bound hook families
 * (http-url-connection, apache-httpclient): the bytes and instants of the calling thread's current
 * exchange ({@link Recorder#socketWrite}, {@link Recorder#socketRead}).
 */
final class SocketAdvice {
  private SocketAdvice() {}

  /** Socket$SocketOutputStream.write(byte[], int, int). */
  static final class Write {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(2) int length) {
      Recorder.socketWrite(length);
    }
  }

  /** Socket$SocketInputStream.read(byte[], int, int). */
  static final class Read {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Return int n) {
      Recorder.socketRead(n);
    }
  }
}
