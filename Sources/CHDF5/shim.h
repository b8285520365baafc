#ifndef SPATIALEVAL_CHDF5_SHIM_H
#define SPATIALEVAL_CHDF5_SHIM_H
#include <hdf5.h>
/* HDF5 exposes its predefined types and property-list classes as macros that call
   H5open(); Swift cannot import them, so they are read through these getters. */
static inline hid_t chdf5_native_double(void) { return H5T_NATIVE_DOUBLE; }
static inline hid_t chdf5_native_int64(void) { return H5T_NATIVE_INT64; }
static inline hid_t chdf5_native_int32(void) { return H5T_NATIVE_INT32; }
static inline hid_t chdf5_native_int8(void) { return H5T_NATIVE_INT8; }
static inline hid_t chdf5_c_s1(void) { return H5T_C_S1; }
static inline unsigned chdf5_acc_trunc(void) { return H5F_ACC_TRUNC; }
static inline unsigned chdf5_acc_excl(void) { return H5F_ACC_EXCL; }
static inline unsigned chdf5_acc_rdonly(void) { return H5F_ACC_RDONLY; }
static inline hid_t chdf5_p_default(void) { return H5P_DEFAULT; }
static inline hid_t chdf5_s_all(void) { return H5S_ALL; }
static inline hid_t chdf5_e_default(void) { return H5E_DEFAULT; }
static inline hid_t chdf5_p_file_access(void) { return H5P_FILE_ACCESS; }
static inline hid_t chdf5_p_dataset_create(void) { return H5P_DATASET_CREATE; }
static inline hid_t chdf5_p_link_create(void) { return H5P_LINK_CREATE; }
static inline hid_t chdf5_p_attribute_create(void) { return H5P_ATTRIBUTE_CREATE; }
static inline hid_t chdf5_p_group_create(void) { return H5P_GROUP_CREATE; }
static inline size_t chdf5_variable_size(void) { return H5T_VARIABLE; }

/* The type of the object linked as `name` under `loc` (an H5O_type_t: H5O_TYPE_GROUP,
   H5O_TYPE_DATASET, ...), read from its object header without opening the object, which for
   a dataset would also load its layout, datatype, dataspace and property lists. Negative on
   failure, with the error on libhdf5's stack. The call took a new name and a new struct in
   1.12; both give the type the same way. */
static inline herr_t chdf5_object_type(hid_t loc, const char *name, int *type) {
#if H5_VERSION_GE(1, 12, 0)
    H5O_info2_t info;
    herr_t status = H5Oget_info_by_name3(loc, name, &info, H5O_INFO_BASIC, H5P_DEFAULT);
#else
    H5O_info_t info;
    herr_t status = H5Oget_info_by_name2(loc, name, &info, H5O_INFO_BASIC, H5P_DEFAULT);
#endif
    if (status >= 0) *type = (int)info.type;
    return status;
}

#endif
