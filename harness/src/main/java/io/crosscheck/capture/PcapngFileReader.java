package io.crosscheck.capture;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads pcapng (see {@link CaptureReader} for the blocks understood). Allocation-free per packet;
 * one small object per interface description block.
 */
final class PcapngFileReader {
  static final int SECTION_HEADER = 0x0A0D0D0A;
  static final int INTERFACE_DESCRIPTION = 1;
  static final int OBSOLETE_PACKET = 2;
  static final int SIMPLE_PACKET = 3;
  static final int ENHANCED_PACKET = 6;
  private static final int OPTION_END = 0;
  private static final int OPTION_IF_TSRESOL = 9;
  private static final int OPTION_IF_TSOFFSET = 14;

  private final CaptureInput in;
  private final ReadTally tally;
  private final PacketHandler handler;
  private final List<PacketTimestamps> interfaces = new ArrayList<>();
  private boolean bigEndian;
  private long previousTimestampEpochNanos = -1;
  private long packetsWithoutTimestamp;
  /** Whether any interface of the file (any section) has a link type crosscheck decodes. */
  private boolean decodedInterfaceSeen;
  /** The first interface of a link type not decoded: where its link-type field is, and the type; -1 when none. */
  private long undecodedLinkTypeOffset = -1;
  private int undecodedLinkType;

  private PcapngFileReader(CaptureInput in, ReadTally tally, PacketHandler handler) {
    this.in = in;
    this.tally = tally;
    this.handler = handler;
  }

  static void read(CaptureInput in, ReadTally tally, PacketHandler handler) throws IOException {
    tally.format = "pcapng";
    new PcapngFileReader(in, tally, handler).readBlocks();
  }

  private void readBlocks() throws IOException {
    long blockNumber = 0;
    try {
      while (true) {
        blockNumber++;
        long blockOffset = in.offset();
        int present = in.require(12);
        if (present == 0) {
          requireDecodedInterface();
          return;
        }
        if (present < 12) {
          tally.truncated(blockOffset, "header of block " + ReadTally.number(blockNumber), 12,
              present);
          requireDecodedInterface();
          return;
        }
        byte[] b = in.buf;
        int type = CaptureInput.s32(b, in.pos, bigEndian);
        if (type == SECTION_HEADER) {
          long byteOrderMagic = CaptureInput.u32(b, in.pos + 8, true);
          if (byteOrderMagic == 0x1A2B3C4DL) {
            bigEndian = true;
          } else if (byteOrderMagic == 0x4D3C2B1AL) {
            bigEndian = false;
          } else {
            throw tally.error(blockOffset + 8, String.format(
                "section header byte-order magic is %08x, expected 1a2b3c4d (either byte order)",
                byteOrderMagic));
          }
        }
        long length = CaptureInput.u32(b, in.pos + 4, bigEndian);
        if (length < 12 || length % 4 != 0 || length > CaptureReader.MAX_RECORD_BYTES) {
          throw tally.error(blockOffset, String.format("block type 0x%08x has total length %s, "
              + "expected a multiple of 4 between 12 and %s", type, ReadTally.number(length),
              ReadTally.number(CaptureReader.MAX_RECORD_BYTES)));
        }
        int blockBytes = (int) length;
        present = in.require(blockBytes);
        if (present < blockBytes) {
          tally.truncated(blockOffset, String.format("block %s (type 0x%08x)",
              ReadTally.number(blockNumber), type), blockBytes, present);
          requireDecodedInterface();
          return;
        }
        b = in.buf;
        long trailing = CaptureInput.u32(b, in.pos + blockBytes - 4, bigEndian);
        if (trailing != length) {
          throw tally.error(blockOffset, String.format("block type 0x%08x has total length %s at "
              + "its start but %s at its end", type, ReadTally.number(length),
              ReadTally.number(trailing)));
        }
        block(type, b, in.pos, blockBytes, blockOffset);
        in.pos += blockBytes;
      }
    } finally {
      if (packetsWithoutTimestamp > 0) {
        tally.warnings.add(tally.sourceName + ": " + ReadTally.number(packetsWithoutTimestamp)
            + " simple packet blocks carry no timestamp; each was given the previous packet's"
            + " timestamp (-1 before the first timestamped packet)");
      }
    }
  }

  private void block(int type, byte[] b, int p, int length, long blockOffset) throws IOException {
    switch (type) {
      case SECTION_HEADER -> {
        if (length < 28) {
          throw tally.error(blockOffset, "section header block of " + length
              + " bytes, expected at least 28");
        }
        interfaces.clear();
      }
      case INTERFACE_DESCRIPTION -> interfaceDescription(b, p, length, blockOffset);
      case ENHANCED_PACKET -> {
        int interfaceId = CaptureInput.s32(b, p + 8, bigEndian);
        packet(b, p, length, blockOffset, "enhanced", interfaceId, 28,
            CaptureInput.u32(b, p + 12, bigEndian) << 32 | CaptureInput.u32(b, p + 16, bigEndian),
            CaptureInput.u32(b, p + 20, bigEndian), CaptureInput.u32(b, p + 24, bigEndian));
      }
      case OBSOLETE_PACKET -> {
        int interfaceId = CaptureInput.u16(b, p + 8, bigEndian);
        packet(b, p, length, blockOffset, "obsolete", interfaceId, 28,
            CaptureInput.u32(b, p + 12, bigEndian) << 32 | CaptureInput.u32(b, p + 16, bigEndian),
            CaptureInput.u32(b, p + 20, bigEndian), CaptureInput.u32(b, p + 24, bigEndian));
      }
      case SIMPLE_PACKET -> simplePacket(b, p, length, blockOffset);
      default -> tally.skippedBlocks++;
    }
  }

  private void interfaceDescription(byte[] b, int p, int length, long blockOffset)
      throws IOException {
    if (length < 20) {
      throw tally.error(blockOffset, "interface description block of " + length
          + " bytes, expected at least 20");
    }
    PacketTimestamps iface = new PacketTimestamps(CaptureInput.u16(b, p + 8, bigEndian),
        CaptureInput.u32(b, p + 12, bigEndian));
    int option = p + 16;
    int end = p + length - 4;
    while (option + 4 <= end) {
      int code = CaptureInput.u16(b, option, bigEndian);
      int valueBytes = CaptureInput.u16(b, option + 2, bigEndian);
      if (code == OPTION_END) {
        break;
      }
      int value = option + 4;
      if (value + valueBytes > end) {
        throw tally.error(blockOffset + (option - p), "interface option " + code + " claims "
            + valueBytes + " bytes, past the end of its block");
      }
      if (code == OPTION_IF_TSRESOL && valueBytes >= 1) {
        String problem = iface.resolution(b[value] & 0xff);
        if (problem != null) {
          throw tally.error(blockOffset + (value - p), problem);
        }
      } else if (code == OPTION_IF_TSOFFSET && valueBytes >= 8) {
        iface.offsetSeconds = CaptureInput.s64(b, value, bigEndian);
      }
      option = value + ((valueBytes + 3) & ~3);
    }
    interfaces.add(iface);
    tally.interfaces++;
    if (LinkTypes.decoded(iface.linkType)) {
      decodedInterfaceSeen = true;
    } else {
      if (undecodedLinkTypeOffset < 0) {
        undecodedLinkTypeOffset = blockOffset + 8;
        undecodedLinkType = iface.linkType;
      }
      tally.warnings.add(tally.at(blockOffset, "interface " + (tally.interfaces - 1) + " has link type "
          + iface.linkType + ", which crosscheck does not decode: its packets are skipped (expected "
          + LinkTypes.DECODED + ")"));
    }
  }

  /**
   * A file whose interfaces are all of link types not decoded is refused like a pcap file of one (the same
   * sentence, at the first such interface's link-type field), not read to "no HTTP exchange"; one interface
   * of another type beside a decoded one (a USB or Bluetooth monitor next to eth0) is only skipped, with the
   * warning above. Checked when the file has been read, since pcapng may describe an interface late.
   */
  private void requireDecodedInterface() throws CaptureFormatException {
    if (undecodedLinkTypeOffset >= 0 && !decodedInterfaceSeen) {
      throw tally.error(undecodedLinkTypeOffset, LinkTypes.notDecoded(undecodedLinkType));
    }
  }

  private void packet(byte[] b, int p, int length, long blockOffset, String kind, int interfaceId,
      int headerBytes, long timestampUnits, long captured, long original) throws IOException {
    if (length < headerBytes + 4) {
      throw tally.error(blockOffset, kind + " packet block of " + length + " bytes, expected at "
          + "least " + (headerBytes + 4));
    }
    PacketTimestamps iface = iface(interfaceId, blockOffset, kind);
    if (captured > length - headerBytes - 4) {
      throw tally.error(blockOffset, kind + " packet block of " + ReadTally.number(length)
          + " bytes claims " + ReadTally.number(captured) + " captured bytes");
    }
    if (original > CaptureReader.MAX_RECORD_BYTES) {
      throw tally.error(blockOffset, kind + " packet block claims an original length of "
          + ReadTally.number(original) + " bytes");
    }
    long timestampEpochNanos = iface.epochNanos(timestampUnits);
    previousTimestampEpochNanos = timestampEpochNanos;
    handler.packet(timestampEpochNanos, iface.linkType, b, p + headerBytes, (int) captured,
        (int) original);
    tally.packet((int) captured, original);
  }

  private void simplePacket(byte[] b, int p, int length, long blockOffset) throws IOException {
    if (length < 16) {
      throw tally.error(blockOffset, "simple packet block of " + length
          + " bytes, expected at least 16");
    }
    PacketTimestamps iface = iface(0, blockOffset, "simple");
    long original = CaptureInput.u32(b, p + 8, bigEndian);
    if (original > CaptureReader.MAX_RECORD_BYTES) {
      throw tally.error(blockOffset, "simple packet block claims an original length of "
          + ReadTally.number(original) + " bytes");
    }
    long captured = Math.min(original, length - 16);
    if (iface.snaplen > 0) {
      captured = Math.min(captured, iface.snaplen);
    }
    packetsWithoutTimestamp++;
    handler.packet(previousTimestampEpochNanos, iface.linkType, b, p + 12, (int) captured,
        (int) original);
    tally.packet((int) captured, original);
  }

  private PacketTimestamps iface(int interfaceId, long blockOffset, String kind)
      throws IOException {
    if (interfaceId < 0 || interfaceId >= interfaces.size()) {
      throw tally.error(blockOffset, kind + " packet block names interface "
          + Integer.toUnsignedString(interfaceId) + ", but its section describes "
          + interfaces.size() + " interface(s)");
    }
    return interfaces.get(interfaceId);
  }
}
