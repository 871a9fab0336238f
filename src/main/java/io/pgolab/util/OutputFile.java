package io.pgolab.util;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A file that holds what a command printed, however much that was: read back (and kept) as at most
 * its first {@link #HEAD_BYTES} and last {@link #TAIL_BYTES}, joined by a "… (N bytes cut)" line,
 * so that pgolab's memory and the disk it keeps do not grow with a workload's output. Cuts fall on
 * line ends where there are any, so a parser never sees half a line.
 */
public final class OutputFile {
    /** What is kept of the start of an output (where headers and first errors are). */
    public static final int HEAD_BYTES = 4 << 20;
    /** What is kept of the end of an output (where summaries are). */
    public static final int TAIL_BYTES = 4 << 20;
    /** How much of the end of an output an error message's "last lines" are taken from. */
    public static final int MESSAGE_BYTES = 64 << 10;
    /** An output up to this size is read and kept whole (the slack lets a cut file stay as it is). */
    public static final long WHOLE = (long) HEAD_BYTES + TAIL_BYTES + 1024;

    private OutputFile() {
    }

    /** The text of file, cut in the middle when it is longer than {@link #WHOLE}; decoded leniently. */
    public static String read(Path file) throws IOException {
        return read(file, HEAD_BYTES, TAIL_BYTES);
    }

    /** The text of file, cut in the middle to its first head and last tail bytes when it is longer. */
    public static String read(Path file, int head, int tail) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size <= (long) head + tail + 1024) {
                return Text.decode(bytes(ch, 0, (int) size));
            }
            Cut c = cut(ch, size, head, tail);
            return Text.decode(c.head, 0, c.headEnd) + c.marker() + Text.decode(c.tail, c.tailStart, c.tail.length - c.tailStart);
        }
    }

    /** {@link #read}, or "" when the file cannot be read (it was never written, say). */
    public static String readQuietly(Path file) {
        try {
            return read(file);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Cuts file in place to what {@link #read} returns (nothing happens to a file of up to
     * {@link #WHOLE} bytes): the disk a long output took is given back. A missing file is left missing.
     */
    public static void cap(Path file) throws IOException {
        try {
            if (Files.size(file) <= WHOLE) {
                return; // the common case, with one stat instead of opening the file (after every measured run)
            }
        } catch (NoSuchFileException e) {
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size <= WHOLE) {
                return;
            }
            Cut c = cut(ch, size, HEAD_BYTES, TAIL_BYTES);
            ch.truncate(c.headEnd);   // gives the space back before anything is written (the disk may be full)
            ch.position(c.headEnd);
            write(ch, c.marker().getBytes(StandardCharsets.UTF_8), 0);
            write(ch, c.tail, c.tailStart);
        } catch (NoSuchFileException e) {
            // nothing was written
        }
    }

    /** {@link #cap}, ignoring failures: the run's outcome matters more than the space. */
    public static void capQuietly(Path file) {
        try {
            cap(file);
        } catch (IOException e) {
            // best effort
        }
    }

    /**
     * The last n lines of file for an error message (see {@link Text#lastLines(byte[], int, int, long, int)}),
     * read from its last {@link #MESSAGE_BYTES} only; "" when the file is missing.
     */
    public static String tail(Path file, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long from = Math.max(0, size - MESSAGE_BYTES);
            byte[] b = bytes(ch, from, (int) (size - from));
            return Text.lastLines(b, 0, b.length, from, n);
        } catch (NoSuchFileException e) {
            return "";
        }
    }

    /** {@link #tail}, or a note in parentheses when the file cannot be read. */
    public static String tailOrNote(Path file, int n) {
        try {
            return tail(file, n);
        } catch (IOException e) {
            return "(no output captured: " + e.getMessage() + ")";
        }
    }

    /** Where a long output is cut: the head up to its last line end, the tail from its first line start. */
    private record Cut(byte[] head, int headEnd, byte[] tail, int tailStart, long cutBytes) {
        String marker() {
            String m = Text.marker(cutBytes).strip() + "\n";
            return headEnd > 0 && head[headEnd - 1] != '\n' ? "\n" + m : m;
        }
    }

    private static Cut cut(FileChannel ch, long size, int headBytes, int tailBytes) throws IOException {
        byte[] head = bytes(ch, 0, headBytes);
        byte[] tail = bytes(ch, size - tailBytes, tailBytes);
        int headEnd = head.length;
        while (headEnd > 0 && head[headEnd - 1] != '\n') {
            headEnd--;
        }
        if (headEnd == 0) {   // one long line: cut after the last whole character
            int lead = head.length - 1;
            while (lead > 0 && (head[lead] & 0xC0) == 0x80) {
                lead--;
            }
            int b = head[lead] & 0xFF;
            int needs = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
            headEnd = head.length - lead >= needs ? head.length : lead;
        }
        int tailStart = 0;
        while (tailStart < tail.length && tail[tailStart] != '\n') {
            tailStart++;
        }
        tailStart = tailStart < tail.length ? tailStart + 1 : 0;
        while (tailStart < tail.length && (tail[tailStart] & 0xC0) == 0x80) {
            tailStart++;
        }
        return new Cut(head, headEnd, tail, tailStart, size - tailBytes + tailStart - headEnd);
    }

    private static byte[] bytes(FileChannel ch, long position, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length);
        while (buf.hasRemaining()) {
            if (ch.read(buf, position + buf.position()) < 0) {
                break;
            }
        }
        return buf.position() == length ? buf.array() : Arrays.copyOf(buf.array(), buf.position());
    }

    private static void write(FileChannel ch, byte[] b, int offset) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(b, offset, b.length - offset);
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }
}
