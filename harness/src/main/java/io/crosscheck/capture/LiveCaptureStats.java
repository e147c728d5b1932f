package io.crosscheck.capture;

import java.nio.file.Path;

/**
 * The outcome of one {@link LiveCapture}.
 *
 * @param packetsCaptured packets delivered by libpcap and written to {@code output}: our own count
 * @param bytesCaptured sum of their captured lengths (after the snap length)
 * @param kernelReceived libpcap's {@code ps_recv}: on {@code lo} each packet is counted twice
 *     (once sent, once received) unless the kernel ignores outgoing copies ({@code outgoingCopies})
 * @param kernelDropped {@code ps_drop}: packets the kernel dropped for lack of buffer space; 0 in
 *     a trustworthy capture
 * @param interfaceDropped {@code ps_ifdrop}: packets the interface or driver dropped
 * @param linkType link type of the frames ({@link LinkTypes}); {@code lo} is Ethernet
 * @param output the pcap file written
 * @param outgoingCopies on {@code lo}, whether the kernel delivers the outgoing copy of every packet
 *     to the capture socket inside the sender's syscall ({@link LoopbackOutgoing}), and why
 */
public record LiveCaptureStats(
    long packetsCaptured,
    long bytesCaptured,
    long kernelReceived,
    long kernelDropped,
    long interfaceDropped,
    int linkType,
    Path output,
    String outgoingCopies) {}
