package io.crosscheck.capture;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Mutated captures either read or fail with an IOException: never another exception, never hang. */
class CaptureFuzzTest {
  private static final int MUTATIONS = 2_000;
  private static final long BUDGET_NANOS = 2_000_000_000L;

  @Test
  void mutatedPcapAndPcapngOnlyEverThrowIoException() {
    byte[] frame = Frames.ethernet(0x0800, Frames.ipv4Tcp(40000, 80, 0x18, 200));
    long t = 1_700_000_000_000_000_000L;
    byte[] pcap = Frames.pcap(ByteOrder.LITTLE_ENDIAN, true, LinkTypes.ETHERNET, 65535,
        new long[] {t, t + 1, t + 2}, frame, frame, frame);
    byte[] pcapng = new Frames.Pcapng(ByteOrder.LITTLE_ENDIAN)
        .interfaceDescription(LinkTypes.ETHERNET, 0, 9, 0)
        .interfaceDescription(LinkTypes.RAW, 128, 0x80 | 20, 5)
        .enhancedPacket(0, t, frame, frame.length)
        .simplePacket(frame)
        .enhancedPacket(1, t, frame, 9000).bytes();
    Random random = new Random(20240607L);
    long deadline = System.nanoTime() + BUDGET_NANOS;
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      for (int i = 0; i < MUTATIONS && System.nanoTime() - deadline < 0; i++) {
        byte[] base = i % 2 == 0 ? pcap : pcapng;
        byte[] mutated = mutate(base, random);
        try {
          CaptureReader.read(new ByteArrayInputStream(mutated), "fuzz-" + i,
              (ts, link, data, offset, captured, original) -> LinkLayer.ipOffset(link, data,
                  offset, captured));
        } catch (IOException expected) {
          // A clear refusal is fine.
        } catch (RuntimeException | Error e) {
          fail("mutation " + i + " threw " + e, e);
        }
      }
    });
  }

  private static byte[] mutate(byte[] base, Random random) {
    byte[] copy = base.clone();
    int kind = random.nextInt(4);
    int changes = 1 + random.nextInt(4);
    for (int j = 0; j < changes; j++) {
      int at = random.nextInt(copy.length);
      switch (kind) {
        case 0 -> copy[at] = (byte) random.nextInt(256);
        case 1 -> copy[at] ^= (byte) (1 << random.nextInt(8));
        case 2 -> copy[at] = (byte) (random.nextBoolean() ? 0xff : 0);
        default -> {
          return java.util.Arrays.copyOf(copy, at);
        }
      }
    }
    return copy;
  }
}
