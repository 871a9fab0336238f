package io.pgolab.profile;

import com.fasterxml.jackson.core.JacksonException;
import io.pgolab.UserError;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import io.pgolab.util.UserFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The stored-profile file: a zip archive holding pgolab-profile.json (a {@link StoredProfile}, the
 * first entry) and the profile bytes under profile/ (profile/profile.profdata, profile/default.pgo,
 * or GCC's .gcda tree under profile/gcda/ by relative paths). A zip because the JDK reads and writes
 * it and checks each entry's CRC; the header's sha256 covers the profile itself. Written to a
 * temporary file and renamed into place, so a file of this name is always whole.
 */
public final class ProfileArchive {
    public static final String HEADER = "pgolab-profile.json";
    static final String PROFILE_DIR = "profile/";
    public static final String TREE = "gcda";
    /** A header is a few KiB; reading stops beyond this. */
    static final long HEADER_MAX = 1 << 20;
    private static final String REEXPORT = "export it again with 'pgolab profile export FILE' where the profile was trained";

    private ProfileArchive() {
    }

    /** A stored profile read back: its header and the profile, unpacked and checked. */
    public record Opened(StoredProfile header, ProfileData profile) {
    }

    /**
     * Writes header and the profile (a file, or for layout "tree" a directory) into out, atomically ("-": stdout;
     * a symlink's target, a device written through: {@link UserFile}).
     */
    public static void write(Path out, StoredProfile header, Path profile) {
        UserFile.write(out, o -> {
            ZipOutputStream z = new ZipOutputStream(o);
            z.putNextEntry(new ZipEntry(HEADER));
            z.write(Json.MAPPER.writeValueAsBytes(header));
            z.closeEntry();
            if (Files.isDirectory(profile)) {
                for (Path f : Hashing.filesUnder(profile)) {
                    copyIn(z, PROFILE_DIR + TREE + "/" + profile.relativize(f).toString().replace('\\', '/'), f);
                }
            } else {
                copyIn(z, PROFILE_DIR + header.profile().name(), profile);
            }
            z.finish();   // the central directory; o itself is flushed and closed by UserFile (stdout stays open)
        });
    }

    private static void copyIn(ZipOutputStream z, String name, Path f) throws IOException {
        z.putNextEntry(new ZipEntry(name));
        Files.copy(f, z);
        z.closeEntry();
    }

    /** Reads only the header (checked: the file exists, is a pgolab profile, of a format this pgolab reads). */
    public static StoredProfile header(Path file) {
        try (ZipFile z = open(file)) {
            return header(z, file);
        } catch (IOException | RuntimeException e) {
            throw e instanceof UserError u ? u : damaged(file, why(e));
        }
    }

    /**
     * Opens file, checks its header and unpacks the profile into dir (as stored-HASH12[.profdata|.pgo],
     * or a directory for a tree), checking its sha256. An unpacked profile already there with the
     * right content is reused. The file is untrusted: entry names are checked before anything is written,
     * and inflating stops at the sizes the header and the zip declare (a zip bomb is "damaged", never a full disk).
     */
    public static Opened read(Path file, Path dir) {
        try (ZipFile z = open(file)) {
            StoredProfile h = header(z, file);
            StoredProfile.Profile p = h.profile();
            boolean tree = "tree".equals(p.layout());
            String ext = p.name().contains(".") ? p.name().substring(p.name().lastIndexOf('.')) : "";
            Path target = dir.resolve("stored-" + p.sha256().substring(0, 12) + (tree ? "" : ext));
            if (Files.exists(target) && Hashing.ofPath(target).equals(p.sha256())) {
                return new Opened(h, new ProfileData(target, p.sha256(), Hashing.sizeOf(target)));
            }
            List<Entry> entries = profileEntries(z, file, p);
            Files.createDirectories(dir);
            long free = Files.getFileStore(dir).getUsableSpace();
            if (p.bytes() > free) {   // an honest big profile on a small disk: say so before filling it
                throw DiskFull.error(dir, p.bytes(), null);
            }
            Path tmp = dir.resolve(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            ArtifactStore.deleteTree(tmp);
            try {
                unpack(z, file, p, entries, tmp);
                String sha = Hashing.ofPath(tmp);
                if (!sha.equals(p.sha256())) {
                    throw new UserError(file + " is damaged: its profile has SHA-256 " + sha.substring(0, 12)
                            + ", the header says " + p.sha256().substring(0, 12), REEXPORT);
                }
                ArtifactStore.deleteTree(target);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                ArtifactStore.deleteTree(tmp);
            }
            return new Opened(h, new ProfileData(target, p.sha256(), Hashing.sizeOf(target)));
        } catch (ZipException | IllegalArgumentException e) {   // the JDK's zip code: malformed names, headers, data
            throw damaged(file, why(e));
        } catch (IOException e) {   // writing into the store (reading the zip is caught in unpack)
            throw DiskFull.wrap(dir, 0, e);
        }
    }

    /** A profile entry to unpack: where under the profile it goes ("" for a file profile). */
    private record Entry(ZipEntry zip, String rel) {
    }

    /**
     * The entries of the profile, checked before anything is written: plain relative names (no NUL or other control
     * characters, no "..", ".", empty or absolute parts), none twice, none both a file and a directory.
     */
    private static List<Entry> profileEntries(ZipFile z, Path file, StoredProfile.Profile p) {
        boolean tree = "tree".equals(p.layout());
        String prefix = PROFILE_DIR + (tree ? TREE + "/" : "");
        List<Entry> out = new ArrayList<>();
        Set<String> files = new HashSet<>();
        Set<String> dirs = new HashSet<>();
        Enumeration<? extends ZipEntry> all = z.entries();
        while (all.hasMoreElements()) {
            ZipEntry e = all.nextElement();
            String name = e.getName();
            if (!name.startsWith(prefix)) {
                continue;
            }
            String rel = name.substring(prefix.length());
            if (e.isDirectory()) {
                if (!rel.isEmpty() && !plainPath(rel.substring(0, rel.length() - 1))) {
                    throw damaged(file, "entry " + shown(name) + " is not a plain relative path");
                }
                continue;
            }
            if (!tree && !rel.equals(p.name())) {
                continue;
            }
            if (!plainPath(rel)) {   // "../" or "/x" would point outside the profile; NUL is no file name
                throw damaged(file, "entry " + shown(name) + " points outside the profile (not a plain relative path)");
            }
            if (!files.add(rel)) {
                throw damaged(file, "entry " + shown(name) + " appears twice");
            }
            for (int i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) {
                dirs.add(rel.substring(0, i));
            }
            out.add(new Entry(e, tree ? rel : ""));
        }
        for (String f : files) {
            if (dirs.contains(f)) {
                throw damaged(file, "entry " + shown(prefix + f) + " is both a file and a directory");
            }
        }
        if (out.isEmpty()) {
            throw damaged(file, "it has no profile (no " + prefix + (tree ? "..." : p.name()) + " entry)");
        }
        return out;
    }

    /** A relative path of plain names: no empty, ".", ".." parts, no control characters or backslashes. */
    static boolean plainPath(String rel) {
        if (rel.isEmpty() || rel.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '\\')) {
            return false;
        }
        for (String part : rel.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static void unpack(ZipFile z, Path file, StoredProfile.Profile p, List<Entry> entries, Path tmp)
            throws IOException {
        boolean tree = "tree".equals(p.layout());
        if (tree) {
            Files.createDirectories(tmp);
        }
        long left = p.bytes();   // the header's size of the whole profile: never more is written
        for (Entry en : entries) {
            ZipEntry e = en.zip();
            long declared = e.getSize();   // the zip's own size for the entry (-1: not said)
            long cap = declared >= 0 ? Math.min(declared, left) : left;
            Path out = tree ? tmp.resolve(en.rel()) : tmp;
            Files.createDirectories(out.getParent());
            long n;
            try (InputStream in = z.getInputStream(e); OutputStream o = Files.newOutputStream(out)) {
                n = copyAtMost(in, o, cap, file, e.getName());
            }
            if (n > cap) {
                throw damaged(file, "entry " + shown(e.getName()) + " inflates to more than "
                        + (cap == declared ? "the " + declared + " bytes the zip declares for it"
                        : "the " + p.bytes() + " bytes " + HEADER + " declares for the whole profile"));
            }
            left -= n;
        }
    }

    /**
     * Copies in to o, stopping after cap + 1 bytes (returned as such: more than allowed). Reading errors are the
     * archive's (damaged); writing errors are the disk's (thrown as they are).
     */
    private static long copyAtMost(InputStream in, OutputStream o, long cap, Path file, String entry) throws IOException {
        byte[] buf = new byte[64 << 10];
        long total = 0;
        while (total <= cap) {
            int r;
            try {
                r = in.read(buf, 0, (int) Math.min(buf.length, cap + 1 - total));
            } catch (IOException | RuntimeException e) {
                throw damaged(file, "entry " + shown(entry) + " cannot be inflated: " + why(e));
            }
            if (r < 0) {
                break;
            }
            total += r;
            if (total <= cap) {
                o.write(buf, 0, r);
            }
        }
        return total;
    }

    /** An entry name as text a terminal shows as it is (control characters escaped, bounded). */
    private static String shown(String name) {
        StringBuilder s = new StringBuilder();
        name.codePoints().limit(200).forEach(c -> s.append(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)
                || Character.getType(c) == Character.FORMAT ? String.format("\\u%04x", c) : Character.toString(c)));
        return (name.length() > 200 ? s + "..." : s.toString());
    }

    /** The JDK's message for an archive problem, or its kind when it has none. */
    private static String why(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : shown(m);
    }

    private static ZipFile open(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new UserError("the stored profile " + file + " does not exist",
                    "write it with 'pgolab profile export " + file.getFileName() + "', or fix --profile / [project] profile");
        }
        if (!Files.isRegularFile(file)) {
            throw new UserError("the stored profile " + file + " is not a file", "give the file 'pgolab profile export' wrote");
        }
        try {
            return new ZipFile(file.toFile());
        } catch (ZipException | IllegalArgumentException e) {
            throw new UserError(file + " is not a pgolab profile, or it is damaged (" + why(e) + "; truncated?)",
                    "give a file written by 'pgolab profile export'; a raw .profdata or .gcda is not one. Or " + REEXPORT);
        } catch (IOException e) {
            throw new UserError("cannot read the stored profile " + file + ": " + UserFile.reason(e),
                    "check its permissions");
        }
    }

    private static StoredProfile header(ZipFile z, Path file) throws IOException {
        ZipEntry e = z.getEntry(HEADER);
        if (e == null) {
            throw new UserError(file + " is not a pgolab profile (it has no " + HEADER + ")",
                    "give a file written by 'pgolab profile export'");
        }
        StoredProfile h;
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        try (InputStream in = z.getInputStream(e)) {
            if (copyAtMost(in, json, HEADER_MAX, file, HEADER) > HEADER_MAX) {
                throw damaged(file, "its " + HEADER + " is larger than " + DiskFull.human(HEADER_MAX) + ": not a header");
            }
            h = Json.MAPPER.readValue(json.toByteArray(), StoredProfile.class);
        } catch (JacksonException x) {
            throw damaged(file, "its " + HEADER + " is not valid JSON: " + why(new IOException(x.getOriginalMessage())));
        }
        if (h == null) {
            throw damaged(file, "its " + HEADER + " is null, not an object");
        }
        int v = h.formatVersion();
        if (v == 0) {
            throw new UserError(file + " is not a pgolab profile (format \"" + h.format() + "\")",
                    "give a file written by 'pgolab profile export'");
        }
        if (v > StoredProfile.FORMAT_VERSION) {
            throw new UserError(file + " is in format " + h.format() + ", newer than this pgolab reads ("
                    + StoredProfile.FORMAT + "); it was written by pgolab " + h.pgolabVersion(),
                    "upgrade pgolab, or export the profile with this version");
        }
        StoredProfile.Profile p = h.profile();
        if (p == null || p.sha256() == null || p.name() == null || p.layout() == null
                || h.toolchain() == null || h.toolchain().kind() == null) {
            throw damaged(file, "its " + HEADER + " lacks the toolchain or the profile's name and sha256");
        }
        // these make file names in the store: nothing but what export writes
        if (!p.sha256().matches("[0-9a-f]{64}")) {
            throw damaged(file, "its profile sha256 is not 64 hex digits: \"" + shown(p.sha256()) + "\"");
        }
        if (!p.layout().equals("file") && !p.layout().equals("tree")) {
            throw damaged(file, "its profile layout is \"" + shown(p.layout()) + "\", not file or tree");
        }
        if (!p.name().matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,100}")) {
            throw damaged(file, "its profile name \"" + shown(p.name()) + "\" is not a plain file name");
        }
        if (p.bytes() < 0) {
            throw damaged(file, "its profile size is negative (" + p.bytes() + " bytes)");
        }
        return h;
    }

    private static UserError damaged(Path file, String why) {
        return new UserError(file + " is damaged: " + why, REEXPORT);
    }
}
