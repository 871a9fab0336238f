package io.pgolab.config;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads pgolab.toml as text, refusing what is not a small UTF-8 regular file: a directory, a FIFO
 * (reading one waits forever), a device (/dev/zero never ends), a file over {@link #MAX_BYTES},
 * UTF-16, or bytes that are not UTF-8 (named by line and byte offset). A UTF-8 byte-order mark is
 * dropped.
 */
final class ConfigFile {
    /** The largest config read: real ones are a few KiB; the TOML parser needs ~1 s and ~250 MB at this size. */
    static final int MAX_BYTES = 64 * 1024; // 22 times the largest shipped config; tomlj needs about 90 MB for a 64 KiB value (docs/benchmarks.md)
    private static final String FIX_TEXT = "save pgolab.toml as UTF-8 text (editors: 'Save with encoding' / 'Reopen with encoding')";

    private ConfigFile() {
    }

    static String read(Path abs) {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(abs, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new UserError("no config file at " + abs + (Files.isSymbolicLink(abs) ? " (a symbolic link to a missing file)" : ""),
                    "run 'pgolab init' to write a starter pgolab.toml, pass --config FILE, or -C DIR to run in another directory");
        } catch (IOException e) {
            throw new UserError("cannot read config " + abs + ": " + e.getMessage());
        }
        if (attrs.isDirectory()) {
            throw new UserError("config " + abs + " is a directory, not a file",
                    "pass the pgolab.toml inside it (--config " + abs.resolve("pgolab.toml") + ") or run with -C " + abs);
        }
        if (!attrs.isRegularFile()) {
            throw new UserError("config " + abs + " is " + kindOf(abs) + ", not a regular file",
                    "pgolab reads its config from a regular file; save the settings to pgolab.toml and pass --config FILE");
        }
        byte[] bytes = readCapped(abs);
        return decode(abs, bytes);
    }

    /** At most MAX_BYTES + 1 bytes, whatever the file's size claims (it can grow while read). */
    private static byte[] readCapped(Path abs) {
        try (InputStream in = Files.newInputStream(abs)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new UserError("config " + abs + " is larger than " + (MAX_BYTES / 1024) + " KiB ("
                        + sizeOf(abs) + "); a pgolab.toml is a few KiB",
                        "is this the right file? pgolab refuses config files over " + (MAX_BYTES / 1024)
                                + " KiB; move large data (inputs, expected outputs) into files the workloads read");
            }
            return bytes;
        } catch (AccessDeniedException e) {
            throw new UserError("cannot read config " + abs + ": permission denied", "check the file's permissions");
        } catch (IOException e) {
            throw new UserError("cannot read config " + abs + ": " + e.getMessage());
        }
    }

    static String decode(Path abs, byte[] bytes) {
        int start = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
            start = 3;   // UTF-8 byte-order mark, as some Windows editors write
        } else if (bytes.length >= 2 && ((bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff
                || (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe)) {
            throw new UserError("config " + abs + " is UTF-16 text; TOML files are UTF-8", FIX_TEXT);
        }
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        var result = d.decode(in, out, true);
        if (!result.isError()) {
            result = d.flush(out);
        }
        if (result.isError()) {
            throw notUtf8(abs, bytes, in.position());
        }
        if (!result.isUnderflow()) {
            try {
                result.throwException();
            } catch (CharacterCodingException e) {
                throw notUtf8(abs, bytes, in.position());
            }
        }
        return out.flip().toString();
    }

    private static UserError notUtf8(Path abs, byte[] bytes, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        String b = offset < bytes.length ? String.format("0x%02X", bytes[offset] & 0xff) : "end of file";
        ConfigProblems problems = new ConfigProblems(abs);
        problems.add(line, "", "the file is not valid UTF-8: byte " + b + " at byte offset " + offset
                        + " (byte " + (offset - lineStart + 1) + " of the line)"
                        + (offset >= bytes.length ? ", inside an unfinished character" : ""),
                FIX_TEXT + "; Latin-1 text such as 'é' must be re-encoded: iconv -f latin1 -t utf-8");
        return problems.toError();
    }

    /** "a FIFO (named pipe)", "a character device", ... from the file mode where the platform tells it. */
    private static String kindOf(Path abs) {
        try {
            Object mode = Files.getAttribute(abs, "unix:mode");
            if (mode instanceof Integer m) {
                return switch (m & 0170000) {
                    case 0010000 -> "a FIFO (named pipe)";
                    case 0020000 -> "a character device";
                    case 0060000 -> "a block device";
                    case 0140000 -> "a socket";
                    default -> "a special file";
                };
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // fall through
        }
        return "a special file (FIFO, device or socket)";
    }

    private static String sizeOf(Path abs) {
        try {
            long n = Files.size(abs);
            return n >= 1 << 20 ? String.format("%.1f MiB", n / 1048576.0) : n + " bytes";
        } catch (IOException e) {
            return "size unknown";
        }
    }
}
