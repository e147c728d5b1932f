package io.crosscheck.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The counters and warnings of one read, frozen into a {@link CaptureStats} at the end. */
final class ReadTally {
  final String sourceName;
  long packets;
  long bytes;
  long skippedBlocks;
  long truncatedPackets;
  long emptyPackets;
  int interfaces;
  String format;
  final List<String> warnings = new ArrayList<>();

  ReadTally(String sourceName) {
    this.sourceName = sourceName;
  }

  void packet(int capturedLength, long originalLength) {
    packets++;
    bytes += capturedLength;
    if (capturedLength == 0) {
      emptyPackets++;
    }
    if (capturedLength < originalLength) {
      truncatedPackets++;
    }
  }

  /** {@code name: byte 1,234: what}, the prefix of every message about the file. */
  String at(long byteOffset, String what) {
    return sourceName + ": byte " + number(byteOffset) + ": " + what;
  }

  CaptureFormatException error(long byteOffset, String what) {
    return new CaptureFormatException(at(byteOffset, what));
  }

  /** Records that the stream ended inside a record: what was complete has been delivered. */
  void truncated(long recordOffset, String record, long neededBytes, long presentBytes) {
    warnings.add(sourceName + ": truncated at byte " + number(recordOffset) + ": " + record
        + " needs " + number(neededBytes) + " bytes, " + number(presentBytes) + " present");
  }

  CaptureStats stats() {
    if (emptyPackets > 0) {
      warnings.add(sourceName + ": " + number(emptyPackets) + " of " + number(packets) + " packet records hold no"
          + " bytes (captured length 0): nothing in them could be read");
    }
    return new CaptureStats(packets, bytes, format, skippedBlocks, truncatedPackets, interfaces,
        warnings);
  }

  static String number(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
