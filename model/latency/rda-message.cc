/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-message.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaMessage");

namespace
{
/** \brief Big-endian writer. */
struct Writer
{
    std::vector<uint8_t> b; //!< bytes

    /**
     * \param v value
     * \param n bytes
     */
    void Put(uint64_t v, int n)
    {
        for (int i = n - 1; i >= 0; --i)
        {
            b.push_back(static_cast<uint8_t>(v >> (8 * i)));
        }
    }
};

/** \brief Bounds-checked big-endian reader. */
struct Reader
{
    const uint8_t* p; //!< data
    size_t n;         //!< length
    size_t pos{0};    //!< cursor
    bool ok{true};    //!< no overrun so far

    /**
     * \param k bytes
     * \return the value (0 after an overrun)
     */
    uint64_t Get(int k)
    {
        if (!ok || pos + k > n)
        {
            ok = false;
            return 0;
        }
        uint64_t v = 0;
        for (int i = 0; i < k; ++i)
        {
            v = (v << 8) | p[pos++];
        }
        return v;
    }

    /**
     * \param items number of items
     * \param size bytes each
     * \return whether that many bytes remain
     */
    bool Has(size_t items, size_t size) const
    {
        return ok && (n - pos) >= items * size;
    }
};
} // namespace

bool
RdaFlowKey::operator<(const RdaFlowKey& o) const
{
    return std::tie(src, dst, srcPort, dstPort, protocol) <
           std::tie(o.src, o.dst, o.srcPort, o.dstPort, o.protocol);
}

bool
RdaFlowKey::operator==(const RdaFlowKey& o) const
{
    return src == o.src && dst == o.dst && srcPort == o.srcPort && dstPort == o.dstPort &&
           protocol == o.protocol;
}

std::string
RdaFlowKey::ToString() const
{
    auto ip = [](uint32_t a) {
        return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 255) + "." +
               std::to_string((a >> 8) & 255) + "." + std::to_string(a & 255);
    };
    return ip(src) + ":" + std::to_string(srcPort) + "->" + ip(dst) + ":" +
           std::to_string(dstPort) + "/" + std::to_string(protocol);
}

size_t
RdaMessage::HeaderBytes()
{
    return 4 + 4 + 13;
}

size_t
RdaMessage::RawChunkBytes(size_t entries)
{
    return HeaderBytes() + 4 + 4 + 2 + 16 * entries;
}

size_t
RdaMessage::SketchChunkBytes(size_t cells, bool checksum)
{
    return HeaderBytes() + 4 + 4 + 1 + 2 + (checksum ? 32 : 24) * cells;
}

size_t
RdaMessage::LdaChunkBytes(size_t buckets)
{
    return HeaderBytes() + 4 + 4 + 2 + 16 * buckets;
}

size_t
RdaMessage::FineCombChunkBytes(size_t buckets)
{
    return HeaderBytes() + 4 + 4 + 2 + 24 * buckets;
}

double
RdaMessage::SketchExchangeBytes(uint64_t cells,
                                uint64_t chunkCells,
                                bool checksum,
                                double receiverOnly,
                                size_t stampBatch)
{
    const uint64_t sketchChunks = (cells + chunkCells - 1) / chunkCells;
    const double stampBatches = std::ceil(receiverOnly / stampBatch);
    return static_cast<double>(HeaderBytes() + 14 + 28) +
           static_cast<double>(sketchChunks * (SketchChunkBytes(0, checksum) + 28)) +
           static_cast<double>(cells * (checksum ? 32 : 24)) +
           stampBatches * 2 * (HeaderBytes() + 6 + 28) + receiverOnly * (8 + 16);
}

uint64_t
RdaMessage::RawExchangeBytes(uint64_t entries, uint64_t chunkCells)
{
    const uint64_t perRaw = std::min<uint64_t>(2 * chunkCells, MAX_ITEMS);
    const uint64_t rawChunks = std::max<uint64_t>(1, (entries + perRaw - 1) / perRaw);
    return HeaderBytes() + 28 + rawChunks * (RawChunkBytes(0) + 28) + 16 * entries;
}

std::vector<uint8_t>
RdaMessage::Encode() const
{
    Writer w;
    w.b.reserve(64 + values.size() * 8 + cells.size() * 32 + stamps.size() * 16 +
                ldaCells.size() * 16 + fcCells.size() * 24);
    w.Put('R', 1);
    w.Put('D', 1);
    w.Put(VERSION, 1);
    w.Put(type, 1);
    w.Put(interval, 4);
    w.Put(flow.src, 4);
    w.Put(flow.dst, 4);
    w.Put(flow.srcPort, 2);
    w.Put(flow.dstPort, 2);
    w.Put(flow.protocol, 1);
    switch (type)
    {
    case SIGNATURE:
        w.Put(setSize, 8);
        w.Put(flows, 2);
        w.Put(values.size(), 2);
        for (uint64_t v : values)
        {
            w.Put(v, 8);
        }
        break;
    case SKETCH_REQUEST:
        w.Put(banks, 1);
        w.Put(buckets, 4);
        w.Put(checksum ? 1 : 0, 1);
        w.Put(seed, 8);
        break;
    case SKETCH_CHUNK:
        w.Put(totalCells, 4);
        w.Put(offset, 4);
        w.Put(checksum ? 1 : 0, 1);
        w.Put(cells.size(), 2);
        for (const auto& c : cells)
        {
            w.Put(c.id, 8);
            if (checksum)
            {
                w.Put(c.chk, 8);
            }
            w.Put(static_cast<uint64_t>(c.ts), 8);
            w.Put(static_cast<uint64_t>(c.cnt), 8);
        }
        break;
    case TS_REQUEST:
        w.Put(offset, 4);
        w.Put(values.size(), 2);
        for (uint64_t v : values)
        {
            w.Put(v, 8);
        }
        break;
    case TS_REPLY:
        w.Put(offset, 4);
        w.Put(stamps.size(), 2);
        for (const auto& s : stamps)
        {
            w.Put(s.first, 8);
            w.Put(static_cast<uint64_t>(s.second), 8);
        }
        break;
    case RAW_REQUEST:
        break;
    case RAW_CHUNK:
    case FC_STASH:
        w.Put(totalCells, 4);
        w.Put(offset, 4);
        w.Put(stamps.size(), 2);
        for (const auto& s : stamps)
        {
            w.Put(s.first, 8);
            w.Put(static_cast<uint64_t>(s.second), 8);
        }
        break;
    default:
        EncodeBaseline(w.b);
        break;
    }
    return w.b;
}

void
RdaMessage::EncodeBaseline(std::vector<uint8_t>& out) const
{
    Writer w;
    w.b.swap(out);
    switch (type)
    {
    case LDA_REQUEST:
        w.Put(buckets, 4);
        w.Put(seed, 8);
        break;
    case FC_REQUEST:
        w.Put(buckets, 4);
        w.Put(stashSize, 4);
        w.Put(seed, 8);
        break;
    case LDA_CHUNK:
        w.Put(totalCells, 4);
        w.Put(offset, 4);
        w.Put(ldaCells.size(), 2);
        for (const auto& c : ldaCells)
        {
            w.Put(static_cast<uint64_t>(c.ts), 8);
            w.Put(static_cast<uint64_t>(c.cnt), 8);
        }
        break;
    case FC_CHUNK:
        w.Put(totalCells, 4);
        w.Put(offset, 4);
        w.Put(fcCells.size(), 2);
        for (const auto& c : fcCells)
        {
            w.Put(static_cast<uint64_t>(c.ts), 8);
            w.Put(static_cast<uint64_t>(c.cnt), 8);
            w.Put(c.parity, 8);
        }
        break;
    default:
        break;
    }
    w.b.swap(out);
}

namespace
{

/**
 * \param r the reader
 * \param[out] values receives a 16-bit count and that many 64-bit values
 * \return false when the count exceeds MAX_ITEMS or the bytes run out
 */
bool
ReadValues(Reader& r, std::vector<uint64_t>& values)
{
    size_t n = r.Get(2);
    if (n > RdaMessage::MAX_ITEMS || !r.Has(n, 8))
    {
        return false;
    }
    for (size_t i = 0; i < n; ++i)
    {
        values.push_back(r.Get(8));
    }
    return true;
}

/**
 * \param r the reader
 * \param[out] stamps receives a 16-bit count and that many (id, timestamp) pairs
 * \return false when the count exceeds MAX_ITEMS or the bytes run out
 */
bool
ReadStamps(Reader& r, std::vector<std::pair<uint64_t, int64_t>>& stamps)
{
    size_t n = r.Get(2);
    if (n > RdaMessage::MAX_ITEMS || !r.Has(n, 16))
    {
        return false;
    }
    for (size_t i = 0; i < n; ++i)
    {
        uint64_t id = r.Get(8);
        stamps.emplace_back(id, static_cast<int64_t>(r.Get(8)));
    }
    return true;
}

/**
 * \param r the reader
 * \param[out] checksum receives the checksum flag byte
 * \return false unless the byte is 0 or 1
 */
bool
ReadChecksumFlag(Reader& r, bool& checksum)
{
    uint64_t c = r.Get(1);
    checksum = c == 1;
    return c <= 1;
}

/**
 * A SKETCH_CHUNK's body after the common header.
 * \param r the reader
 * \param out receives the fields and cells
 * \return false if malformed
 */
bool
ReadSketchChunk(Reader& r, RdaMessage& out)
{
    out.totalCells = static_cast<uint32_t>(r.Get(4));
    out.offset = static_cast<uint32_t>(r.Get(4));
    if (!ReadChecksumFlag(r, out.checksum))
    {
        return false;
    }
    size_t n = r.Get(2);
    if (n > RdaMessage::MAX_ITEMS || !r.Has(n, out.checksum ? 32 : 24) ||
        static_cast<uint64_t>(out.offset) + n > out.totalCells)
    {
        return false;
    }
    for (size_t i = 0; i < n; ++i)
    {
        RdaSketch::Bucket b;
        b.id = r.Get(8);
        b.chk = out.checksum ? r.Get(8) : 0;
        b.ts = static_cast<int64_t>(r.Get(8));
        b.cnt = static_cast<int64_t>(r.Get(8));
        out.cells.push_back(b);
    }
    return true;
}

/**
 * The counted slice of an LDA_CHUNK or FC_CHUNK after the common header.
 * \param r the reader
 * \param fineComb FC_CHUNK (24-byte buckets with the parity) rather than LDA_CHUNK
 * \param out receives the fields and buckets
 * \return false if malformed (too many, truncated, or beyond the total)
 */
bool
ReadBaselineChunk(Reader& r, bool fineComb, RdaMessage& out)
{
    out.totalCells = static_cast<uint32_t>(r.Get(4));
    out.offset = static_cast<uint32_t>(r.Get(4));
    size_t n = r.Get(2);
    if (n > RdaMessage::MAX_ITEMS || !r.Has(n, fineComb ? 24 : 16) ||
        static_cast<uint64_t>(out.offset) + n > out.totalCells ||
        out.totalCells > RdaMessage::MAX_BASELINE_BUCKETS)
    {
        return false;
    }
    for (size_t i = 0; i < n; ++i)
    {
        int64_t ts = static_cast<int64_t>(r.Get(8));
        int64_t cnt = static_cast<int64_t>(r.Get(8));
        if (fineComb)
        {
            FineCombSketch::Bucket b;
            b.ts = ts;
            b.cnt = cnt;
            b.parity = r.Get(8);
            out.fcCells.push_back(b);
        }
        else
        {
            out.ldaCells.push_back({ts, cnt});
        }
    }
    return true;
}

/**
 * The body of a baseline message (LDA_REQUEST .. FC_STASH) after the common header.
 * \param r the reader
 * \param t the type byte
 * \param out receives the type and fields
 * \return false if malformed or of an unknown type
 */
bool
ReadBaselineBody(Reader& r, uint64_t t, RdaMessage& out)
{
    switch (t)
    {
    case RdaMessage::LDA_REQUEST:
        out.type = RdaMessage::LDA_REQUEST;
        out.buckets = static_cast<uint32_t>(r.Get(4));
        out.seed = r.Get(8);
        return out.buckets >= 1 && out.buckets <= RdaMessage::MAX_BASELINE_BUCKETS;
    case RdaMessage::FC_REQUEST:
        out.type = RdaMessage::FC_REQUEST;
        out.buckets = static_cast<uint32_t>(r.Get(4));
        out.stashSize = static_cast<uint32_t>(r.Get(4));
        out.seed = r.Get(8);
        return out.buckets >= 1 && out.buckets <= RdaMessage::MAX_BASELINE_BUCKETS &&
               out.stashSize <= RdaMessage::MAX_BASELINE_BUCKETS;
    case RdaMessage::LDA_CHUNK:
        out.type = RdaMessage::LDA_CHUNK;
        return ReadBaselineChunk(r, false, out);
    case RdaMessage::FC_CHUNK:
        out.type = RdaMessage::FC_CHUNK;
        return ReadBaselineChunk(r, true, out);
    case RdaMessage::FC_STASH:
        out.type = RdaMessage::FC_STASH;
        out.totalCells = static_cast<uint32_t>(r.Get(4));
        out.offset = static_cast<uint32_t>(r.Get(4));
        return ReadStamps(r, out.stamps) &&
               static_cast<uint64_t>(out.offset) + out.stamps.size() <= out.totalCells &&
               out.totalCells <= RdaMessage::MAX_BASELINE_BUCKETS;
    default:
        return false;
    }
}

/**
 * The body after the common header, by type.
 * \param r the reader
 * \param t the type byte
 * \param out receives the type and fields
 * \return false if malformed or of an unknown type
 */
bool
ReadBody(Reader& r, uint64_t t, RdaMessage& out)
{
    switch (t)
    {
    case RdaMessage::SIGNATURE:
        out.type = RdaMessage::SIGNATURE;
        out.setSize = r.Get(8);
        out.flows = static_cast<uint16_t>(r.Get(2));
        return ReadValues(r, out.values);
    case RdaMessage::SKETCH_REQUEST:
        out.type = RdaMessage::SKETCH_REQUEST;
        out.banks = static_cast<uint8_t>(r.Get(1));
        out.buckets = static_cast<uint32_t>(r.Get(4));
        if (!ReadChecksumFlag(r, out.checksum))
        {
            return false;
        }
        out.seed = r.Get(8);
        return out.banks >= 1 && out.banks <= RdaSketch::MAX_BANKS && out.buckets >= 1 &&
               out.buckets <= RdaSketch::MAX_BUCKETS;
    case RdaMessage::SKETCH_CHUNK:
        out.type = RdaMessage::SKETCH_CHUNK;
        return ReadSketchChunk(r, out);
    case RdaMessage::TS_REQUEST:
        out.type = RdaMessage::TS_REQUEST;
        out.offset = static_cast<uint32_t>(r.Get(4));
        return ReadValues(r, out.values);
    case RdaMessage::TS_REPLY:
        out.type = RdaMessage::TS_REPLY;
        out.offset = static_cast<uint32_t>(r.Get(4));
        return ReadStamps(r, out.stamps);
    case RdaMessage::RAW_REQUEST:
        out.type = RdaMessage::RAW_REQUEST;
        return true;
    case RdaMessage::RAW_CHUNK:
        out.type = RdaMessage::RAW_CHUNK;
        out.totalCells = static_cast<uint32_t>(r.Get(4));
        out.offset = static_cast<uint32_t>(r.Get(4));
        return ReadStamps(r, out.stamps) &&
               static_cast<uint64_t>(out.offset) + out.stamps.size() <= out.totalCells;
    default:
        return ReadBaselineBody(r, t, out);
    }
}

} // namespace

bool
RdaMessage::Decode(const uint8_t* data, size_t length, RdaMessage& out)
{
    Reader r{data, length};
    if (r.Get(1) != 'R' || r.Get(1) != 'D' || r.Get(1) != VERSION)
    {
        return false;
    }
    uint64_t t = r.Get(1);
    out = RdaMessage();
    out.interval = static_cast<uint32_t>(r.Get(4));
    out.flow.src = static_cast<uint32_t>(r.Get(4));
    out.flow.dst = static_cast<uint32_t>(r.Get(4));
    out.flow.srcPort = static_cast<uint16_t>(r.Get(2));
    out.flow.dstPort = static_cast<uint16_t>(r.Get(2));
    out.flow.protocol = static_cast<uint8_t>(r.Get(1));
    return ReadBody(r, t, out) && r.ok && r.pos == length;
}

} // namespace ns3
