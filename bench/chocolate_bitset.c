/* Triangular chocolate k*y <= x + z, every position with x, y, z <= N, by the
 * incremental prefix-bitset algorithm (the C baseline of scripts/bench_engine.py).
 *
 * For each line along which moves run we keep the set of Grundy values already
 * seen as a bitset of W 64-bit words; mex = lowest zero bit of their union.
 *   Lx[y][z]  values of (u, y, z), u < x, on the valid part of the line (a prefix)
 *   Bx[z][n]  values of the boundary positions (u, (u+z)/k, z), u < n (another prefix);
 *             the x-moves of (x, y, z) are Lx[y][z] | Bx[z][max(0, k*y - z)]
 *   Ly        values of (x, v, z), v < y
 *   Lz, Bz    the same as Lx, Bx for the z-moves (kept for the current x only)
 *
 * Usage: chocolate_bitset K N
 * Prints: count p_count max_grundy checksum cpu_seconds
 * checksum = sum over positions of (G + 1) * (1000003 x + 1009 y + 7 z + 1) mod 2^32,
 * independent of the order in which positions are stored. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int W; /* words per bitset */

static uint64_t *alloc_sets(size_t n) {
    uint64_t *p = calloc(n * (size_t)W, sizeof(uint64_t));
    if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
    return p;
}

static inline void add(uint64_t *set, int g) { set[g >> 6] |= (uint64_t)1 << (g & 63); }

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s K N\n", argv[0]); return 2; }
    int k = atoi(argv[1]), N = atoi(argv[2]);
    if (k < 1 || N < 0) { fprintf(stderr, "need K >= 1 and N >= 0\n"); return 2; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);

    W = (3 * N + 2) / 64 + 1; /* G(x, y, z) <= number of moves <= x + y + z <= 3N */
    size_t M = (size_t)N + 1, M2 = (size_t)N + 2;
    uint64_t *Lx = alloc_sets(M * M);    /* [y][z] */
    uint64_t *Bx = alloc_sets(M * M2);   /* [z][n] */
    uint64_t *Lz = alloc_sets(M);        /* [y], current x */
    uint64_t *Bz = alloc_sets(M2);       /* [n], current x */
    uint64_t *Ly = alloc_sets(1);
    uint64_t count = 0, p_count = 0, sum = 0;
    int max_g = 0;

    for (int x = 0; x <= N; x++) {
        memset(Lz, 0, M * W * sizeof(uint64_t));
        memset(Bz, 0, M2 * W * sizeof(uint64_t));
        for (int z = 0; z <= N; z++) {
            int top = (x + z) / k;
            if (top > N) top = N;
            memset(Ly, 0, W * sizeof(uint64_t));
            for (int y = 0; y <= top; y++) {
                int nx = k * y - z > 0 ? k * y - z : 0;
                int nz = k * y - x > 0 ? k * y - x : 0;
                uint64_t *lx = Lx + ((size_t)y * M + z) * W;
                uint64_t *bx = Bx + ((size_t)z * M2 + nx) * W;
                uint64_t *lz = Lz + (size_t)y * W;
                uint64_t *bz = Bz + (size_t)nz * W;
                int g = 0;
                for (int w = 0; w < W; w++) {
                    uint64_t u = lx[w] | bx[w] | Ly[w] | lz[w] | bz[w];
                    if (~u) { g = 64 * w + __builtin_ctzll(~u); break; }
                }
                add(lx, g);
                add(Ly, g);
                add(lz, g);
                if (y == (x + z) / k) { /* boundary: extend the prefixes Bx[z][x+1], Bz[z+1] */
                    uint64_t *bx1 = Bx + ((size_t)z * M2 + x + 1) * W;
                    uint64_t *bx0 = bx1 - W;
                    uint64_t *bz1 = Bz + (size_t)(z + 1) * W;
                    uint64_t *bz0 = bz1 - W;
                    memcpy(bx1, bx0, W * sizeof(uint64_t));
                    memcpy(bz1, bz0, W * sizeof(uint64_t));
                    add(bx1, g);
                    add(bz1, g);
                }
                count++;
                p_count += g == 0;
                if (g > max_g) max_g = g;
                sum += (uint64_t)(g + 1) * (1000003ull * x + 1009ull * y + 7ull * z + 1);
            }
        }
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("%llu %llu %d %llu %.6f\n", (unsigned long long)count, (unsigned long long)p_count,
           max_g, (unsigned long long)(sum & 0xffffffffull), secs);
    free(Lx); free(Bx); free(Lz); free(Bz); free(Ly);
    return 0;
}
