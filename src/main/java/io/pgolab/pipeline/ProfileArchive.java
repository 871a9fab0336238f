package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import io.pgolab.util.UserFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
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
    static final String TREE = "gcda";
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
        } catch (IOException e) {
            throw damaged(file, e.getMessage());
        }
    }

    /**
     * Opens file, checks its header and unpacks the profile into dir (as stored-HASH12[.profdata|.pgo],
     * or a directory for a tree), checking its sha256. An unpacked profile already there with the
     * right content is reused.
     */
    public static Opened read(Path file, Path dir) {
        try (ZipFile z = open(file)) {
            StoredProfile h = header(z, file);
            StoredProfile.Profile p = h.profile();
            String ext = p.name().contains(".") ? p.name().substring(p.name().lastIndexOf('.')) : "";
            Path target = dir.resolve("stored-" + p.sha256().substring(0, 12) + ("tree".equals(p.layout()) ? "" : ext));
            if (Files.exists(target) && Hashing.ofPath(target).equals(p.sha256())) {
                return new Opened(h, new ProfileData(target, p.sha256(), Hashing.sizeOf(target)));
            }
            Files.createDirectories(dir);
            Path tmp = dir.resolve(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            ArtifactStore.deleteTree(tmp);
            try {
                unpack(z, file, p, tmp);
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
        } catch (ZipException e) {
            throw damaged(file, e.getMessage());
        } catch (IOException e) {
            throw DiskFull.wrap(dir, 0, e);
        }
    }

    private static void unpack(ZipFile z, Path file, StoredProfile.Profile p, Path tmp) throws IOException {
        boolean tree = "tree".equals(p.layout());
        String prefix = PROFILE_DIR + (tree ? TREE + "/" : "");
        int found = 0;
        if (tree) {
            Files.createDirectories(tmp);
        }
        Enumeration<? extends ZipEntry> entries = z.entries();
        while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            if (e.isDirectory() || !e.getName().startsWith(prefix)) {
                continue;
            }
            String rel = e.getName().substring(prefix.length());
            if (!tree && !rel.equals(p.name())) {
                continue;
            }
            Path out = tree ? tmp.resolve(rel).normalize() : tmp;
            if (!out.startsWith(tmp) || rel.isEmpty()) {   // "../" in an entry name: not ours
                throw damaged(file, "entry " + e.getName() + " points outside the profile");
            }
            Files.createDirectories(out.getParent());
            try (InputStream in = z.getInputStream(e); OutputStream o = Files.newOutputStream(out)) {
                in.transferTo(o);
            }
            found++;
        }
        if (found == 0) {
            throw damaged(file, "it has no profile (no " + prefix + (tree ? "..." : p.name()) + " entry)");
        }
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
        } catch (ZipException e) {
            throw new UserError(file + " is not a pgolab profile, or it is damaged (" + e.getMessage() + "; truncated?)",
                    "give a file written by 'pgolab profile export'; a raw .profdata or .gcda is not one. Or " + REEXPORT);
        }
    }

    private static StoredProfile header(ZipFile z, Path file) throws IOException {
        ZipEntry e = z.getEntry(HEADER);
        if (e == null) {
            throw new UserError(file + " is not a pgolab profile (it has no " + HEADER + ")",
                    "give a file written by 'pgolab profile export'");
        }
        StoredProfile h;
        try (InputStream in = z.getInputStream(e)) {
            h = Json.MAPPER.readValue(in, StoredProfile.class);
        } catch (com.fasterxml.jackson.core.JacksonException x) {
            throw damaged(file, "its " + HEADER + " is not valid JSON: " + x.getOriginalMessage());
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
        if (p == null || p.sha256() == null || p.sha256().length() != 64 || p.name() == null || p.layout() == null
                || h.toolchain() == null || h.toolchain().kind() == null) {
            throw damaged(file, "its " + HEADER + " lacks the toolchain or the profile's name and sha256");
        }
        return h;
    }

    private static UserError damaged(Path file, String why) {
        return new UserError(file + " is damaged: " + why, REEXPORT);
    }
}
