/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULING_HEADER_H
#define SCHEDULING_HEADER_H

#include "ns3/header.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * OneClock message (schedule, acknowledgement notification, report, cancel,
 * cancel reply, error), a fixed 32-byte header carried alone in a UDP payload:
 *
 *   magic (2) 'O''C' | version (1) | type (1) | request id (4) | flags (1) |
 *   code (1) | reserved (2) | time1 (8, signed ns) | time2 (8, signed ns) | pad (4)
 *
 * SCHEDULE: time1 = T_s; REPORT: time1 = local start time (T_s when the
 * operation started on time; later when the SCHEDULE arrived late), time2 =
 * T_e (both on the server's local clock); ACK: time1 = T_s, time2 = server
 * local time at receipt; CANCEL: time1 = T_s of the operation (so that a
 * server with nothing pending can refuse a later copy of the SCHEDULE until
 * T_s is out of its acceptable range); ERROR: code says why.
 * Payloads of another size, a wrong magic/version or an unknown type are
 * malformed: IsWellFormed() tells, and the applications count and drop them.
 */
class SchedulingHeader : public Header
{
  public:
    /** Message types. */
    enum MessageType : uint8_t
    {
        SCHEDULE = 1,   //!< client -> server: run operation at T_s
        ACK = 2,        //!< server -> client: scheduled RPC received (notification)
        REPORT = 3,     //!< server -> client: completed at T_e
        CANCEL = 4,     //!< client -> server: cancel a pending operation
        CANCEL_ACK = 5, //!< server -> client: cancel outcome (code 0: cancelled)
        ERROR = 6       //!< server -> client: request refused (code)
    };

    /** Error and outcome codes. */
    enum Code : uint8_t
    {
        OK = 0,             //!< no error
        TOO_FAR_FUTURE = 1, //!< T_s beyond SchedMaxFuture
        TOO_FAR_PAST = 2,   //!< T_s before SchedMaxPast
        NOT_PENDING = 3,    //!< cancel: nothing pending with that id
        REFUSED = 4,        //!< server declined (failure injection)
        CANCELLED = 5       //!< SCHEDULE of an operation cancelled earlier (a late copy or retry)
    };

    /** Flags. */
    enum Flags : uint8_t
    {
        PROBE = 1 //!< a probe RPC (not a real operation)
    };

    /** Serialized size in bytes. */
    static constexpr uint32_t SIZE = 32;

    SchedulingHeader();

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

    /** \return true if magic, version and type were valid when deserialized */
    bool IsWellFormed() const;

    /** \param t the message type */
    void SetType(MessageType t);
    /** \return the message type */
    MessageType GetType() const;
    /** \param id request id */
    void SetRequestId(uint32_t id);
    /** \return request id */
    uint32_t GetRequestId() const;
    /** \param flags flags */
    void SetFlags(uint8_t flags);
    /** \return flags */
    uint8_t GetFlags() const;
    /** \param code code */
    void SetCode(Code code);
    /** \return code */
    Code GetCode() const;
    /** \param t first time field */
    void SetTime1(Time t);
    /** \return first time field */
    Time GetTime1() const;
    /** \param t second time field */
    void SetTime2(Time t);
    /** \return second time field */
    Time GetTime2() const;

  private:
    uint8_t m_version; //!< version (1)
    uint8_t m_type;    //!< MessageType
    uint32_t m_id;     //!< request id
    uint8_t m_flags;   //!< flags
    uint8_t m_code;    //!< Code
    int64_t m_time1;   //!< ns
    int64_t m_time2;   //!< ns
    bool m_wellFormed; //!< validity of the last Deserialize
};

} // namespace ns3

#endif /* SCHEDULING_HEADER_H */
